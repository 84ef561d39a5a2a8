import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '#shared/schemas/user.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useSession } from '../api/get-session.ts';

/**
 * Pages for signed-in people only: waits for the session check, then sends signed-out visitors to
 * /login?redirect=<this page> (SPEC §2: /profile → /login?redirect=profile) so they come back after.
 */
export function RequireSignIn({ children }: { children: (user: User) => ReactNode }) {
  const { user, isPending, error } = useSession();
  const { pathname, search } = useLocation();
  if (isPending) return <Loader />;
  if (error) return <ErrorAlert error={error} />;
  if (!user) {
    const back = `${pathname.replace(/^\//, '')}${search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(back)}`} replace />;
  }
  return children(user);
}
