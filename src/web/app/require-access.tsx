import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { isSellerAccount, type Actor } from '#shared/permissions.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { actorOf, useSession } from '#web/lib/session.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * The one guard of the web app, put on routes in app/router.tsx (pages never guard themselves). It waits
 * for the session check; a signed-out visitor goes to /login?redirect=<this page> and comes back after
 * signing in; a signed-in person without the permission gets the "not allowed" page with a way home.
 * The server refuses them the data anyway: this only spares a page of errors.
 */
export function RequireAccess({
  allowed,
  children,
}: {
  /** The permission the route needs; without it, being signed in is enough. */
  allowed?: (actor: Actor) => boolean;
  children: ReactNode;
}) {
  const { user, isPending, error } = useSession();
  const { pathname, search } = useLocation();
  if (isPending) return <Loader />;
  if (error) return <ErrorAlert error={error} />;
  if (!user) {
    const back = `${pathname.replace(/^\//, '')}${search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  const actor = actorOf(user);
  if (allowed && !allowed(actor)) return <NotAllowed actor={actor} />;
  return children;
}

/** What a signed-in person without the permission reads. */
export function NotAllowed({ actor }: { actor: Actor }) {
  const t = useT();
  return (
    <section>
      <PageHead title={t('common.access.pageTitle')} />
      <h1 className="h3 mb-3">{t('common.access.title')}</h1>
      <Message variant="warning">
        {isSellerAccount(actor) && !actor.active
          ? t('common.access.pendingSeller')
          : !actor.active
            ? t('common.access.accountInactive')
            : t('common.access.page')}
      </Message>
      <Link to="/" className="btn btn-outline-primary">
        {t('common.access.backToShop')}
      </Link>
    </section>
  );
}
