import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from './footer.tsx';
import { Header } from './header.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** Every page sits inside the shared header and footer (docs/product/screens.md). Pages load lazily behind a spinner. */
export function Layout() {
  const t = useT();
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable haat-skip-link">
        {t('common.skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-grow-1 py-4">
        <div className="container">
          <Suspense fallback={<Loader />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
