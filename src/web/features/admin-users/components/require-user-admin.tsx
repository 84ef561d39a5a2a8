import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { Actor } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/user.ts';
import { actorOf } from '#web/features/auth/api/get-session.ts';
import { RequireSignIn } from '#web/features/auth/components/require-sign-in.tsx';

/**
 * The user administration pages: signed-out visitors sign in first and come back; signed-in people
 * without the permission are sent to /login (SPEC §6: non-Admin, non-Auditor visitors to the user list
 * are redirected there). The server refuses them the data anyway (DECISIONS §4).
 */
export function RequireUserAdmin({
  allowed,
  children,
}: {
  allowed: (actor: Actor) => boolean;
  children: (user: User) => ReactNode;
}) {
  return (
    <RequireSignIn>
      {(user) => (allowed(actorOf(user)) ? children(user) : <Navigate to="/login" replace />)}
    </RequireSignIn>
  );
}
