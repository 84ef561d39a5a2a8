import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { errorMessage } from '#web/lib/api-client.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** A page that crashed, or whose code failed to load (for instance after a new release): say so, offer a way on. */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : errorMessage(error);
  return (
    <section className="py-4">
      <PageHead title={t('common.routeError.pageTitle')} />
      <h1 className="h2">{t('common.routeError.title')}</h1>
      <div className="alert alert-danger" role="alert">
        {message}
      </div>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('common.routeError.reload')}
        </button>
        <Link to="/" className="btn btn-outline-primary">
          {t('common.routeError.home')}
        </Link>
      </div>
    </section>
  );
}
