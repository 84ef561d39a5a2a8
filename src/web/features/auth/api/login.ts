import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { setSignedIn } from '#web/lib/session.ts';

/** POST /api/users/login. 401 'Invalid email or password', 429 when rate limited. */
export const login = (body: LoginBody) => api.post<AuthResponse>('/api/users/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (response) => setSignedIn(queryClient, response),
  });
}
