import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Actor } from '#shared/permissions.ts';
import type { AuthResponse, User } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { useHydrated } from './use-hydrated.ts';
import { readUserInfo, saveUserInfo } from './user-info.ts';
import { mergeGuestWishlist } from './wishlist/wishlist-api.ts';

/**
 * GET /api/users/session: the signed-in user, or null when signed out. It answers 200 either way, so a
 * signed-out page logs no failed request (docs/decisions/0131-accessibility-checks.md).
 */
export async function getSession(signal?: AbortSignal): Promise<User | null> {
  const { user } = await api.get<{ user: User | null }>('/api/users/session', { signal });
  return user;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: async ({ signal }) => {
      const user = await getSession(signal);
      saveUserInfo(user);
      return user;
    },
    staleTime: 5 * 60_000,
  });

/**
 * Who is signed in. `user` is undefined while the first check runs, null when signed out.
 * Guards must wait for `isPending` to end; display code may use `displayActor` (stored userInfo
 * while the check is running) to avoid the header flickering to "Sign In".
 */
export function useSession() {
  const query = useQuery(sessionQueryOptions());
  const hydrated = useHydrated();
  const user = query.data;
  const actor = user ? actorOf(user) : null;
  let displayActor: Actor | null = actor;
  // Browser storage only once hydrated: the server's HTML cannot know it (ADR 0126).
  if (query.isPending && hydrated) {
    const info = readUserInfo();
    displayActor = info
      ? { id: info._id, name: info.name, email: info.email, roles: info.role, active: info.active }
      : null;
  }
  return { user: user ?? null, actor, displayActor, isPending: query.isPending, error: query.error, query };
}

export const actorOf = (user: User): Actor => ({
  id: user._id,
  name: user.name,
  email: user.email,
  roles: user.role,
  active: user.active,
});

/** After sign-in or registration: forget the previous person's data and prime the session. */
export function setSignedIn(queryClient: QueryClient, response: AuthResponse): User {
  // The token is for API clients; the browser relies on the httpOnly cookie and keeps no copy.
  const { token: _token, ...user } = response;
  queryClient.removeQueries({ queryKey: queryKeys.private });
  queryClient.setQueryData(queryKeys.session, user);
  saveUserInfo(user);
  // A guest's saved products join the account's wishlist (docs/decisions/0104-wishlist.md).
  void mergeGuestWishlist(queryClient);
  return user;
}

/**
 * The signed-in user, for pages under a guarded route (app/require-access.tsx): the guard renders them
 * only once the session check has answered with someone.
 */
export function useSignedInUser(): User {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser is for pages behind <RequireAccess>');
  return user;
}
