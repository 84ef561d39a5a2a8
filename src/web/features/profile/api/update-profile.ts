import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody, User } from '#shared/schemas/user.ts';
import { saveUserInfo } from '#web/lib/user-info.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PUT /api/users/profile: the signed-in person's own details; answers with the updated user. */
export const updateProfile = (body: ProfileBody) => api.put<User>('/api/users/profile', body);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.session, user);
      saveUserInfo(user);
    },
  });
}
