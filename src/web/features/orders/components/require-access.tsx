import type { ReactNode } from 'react';
import { MSG } from '#shared/messages.ts';
import type { Actor } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/user.ts';
import { Message } from '#web/components/alerts.tsx';
import { actorOf } from '#web/features/auth/api/get-session.ts';
import { RequireSignIn } from '#web/features/auth/components/require-sign-in.tsx';

/**
 * A back-office page: signed-out visitors go to sign in; signed-in people without the role see why the
 * page is empty (the server refuses the data anyway, DECISIONS §4).
 */
export function RequireAccess({
  allowed,
  children,
}: {
  allowed: (actor: Actor) => boolean;
  children: (user: User) => ReactNode;
}) {
  return (
    <RequireSignIn>
      {(user) =>
        allowed(actorOf(user)) ? (
          children(user)
        ) : (
          <Message variant="danger">{user.active ? MSG.notAllowed : MSG.accountInactive}</Message>
        )
      }
    </RequireSignIn>
  );
}
