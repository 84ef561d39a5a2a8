import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MSG } from '#shared/messages.ts';
import { isSellerAccount, type Actor } from '#shared/permissions.ts';
import type { User } from '#shared/schemas/user.ts';
import { Message } from '#web/components/alerts.tsx';
import { actorOf } from '#web/features/auth/api/get-session.ts';
import { RequireSignIn } from '#web/features/auth/components/require-sign-in.tsx';

/**
 * Pages for some roles only. Signed-out visitors go to /login?redirect=…; a signed-in person without the
 * permission is told so plainly. The server refuses them anyway: this only spares a page of errors.
 */
export function RequirePermission({
  allowed,
  title,
  children,
}: {
  allowed: (actor: Actor) => boolean;
  title: string;
  children: (user: User, actor: Actor) => ReactNode;
}) {
  return (
    <RequireSignIn>
      {(user) => {
        const actor = actorOf(user);
        if (allowed(actor)) return children(user, actor);
        return (
          <section>
            <title>{`${title} · Haat`}</title>
            <h1 className="h3 mb-3">{title}</h1>
            <Message variant="warning">
              {isSellerAccount(actor) && !actor.active
                ? 'Your seller profile is still under review. You can add products once it is approved (usually 3-5 days).'
                : !actor.active
                  ? MSG.accountInactive
                  : 'You are not allowed to view this page.'}
            </Message>
            <Link to="/" className="btn btn-outline-primary">
              Back to the shop
            </Link>
          </section>
        );
      }}
    </RequireSignIn>
  );
}
