import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, RegisterBody } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { setSignedIn } from '#web/lib/session.ts';

/** POST /api/users: creates the account and signs it in (201, session cookie set). */
export const register = (body: RegisterBody) => api.post<AuthResponse>('/api/users', body);

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (response) => setSignedIn(queryClient, response),
  });
}
