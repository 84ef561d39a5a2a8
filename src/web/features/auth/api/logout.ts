import { useMutation } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { saveUserInfo } from '#web/lib/user-info.ts';

/** POST /api/users/logout: ends the server session and clears the cookie. */
export const logout = () => api.post<unknown>('/api/users/logout');

/**
 * Sign out, then load the sign-in page afresh. A full page load (rather than a client-side navigation)
 * leaves nothing of the previous person in memory, and avoids guarded pages racing to redirect to
 * /login?redirect=… while the session is being cleared.
 */
export function useLogout(redirectTo = '/login') {
  return useMutation({
    mutationFn: logout,
    // docs/product/api.md: logout failures are ignored; the browser forgets the person either way.
    // The page (and its query cache) is replaced; only the stored display data needs clearing first.
    onSettled: () => {
      saveUserInfo(null);
      window.location.assign(redirectTo);
    },
  });
}
