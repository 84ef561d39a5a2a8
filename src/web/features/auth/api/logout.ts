import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { setSignedOut } from './get-session.ts';

/** POST /api/users/logout: ends the server session and clears the cookie. */
export const logout = () => api.post<unknown>('/api/users/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // SPEC §7: logout failures are ignored; the browser forgets the person either way.
    onSettled: () => setSignedOut(queryClient),
  });
}
