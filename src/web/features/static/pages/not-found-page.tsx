import { Link } from 'react-router';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

export function NotFoundPage() {
  const t = useT();
  return (
    <section className="py-5 text-center">
      <PageHead title={t('static.notFound.pageTitle')} />
      <h1 className="h2 mb-3">{t('static.notFound.heading')}</h1>
      <p className="text-body-secondary">{t('static.notFound.text')}</p>
      <Link to="/" className="btn btn-primary">
        {t('static.notFound.home')}
      </Link>
    </section>
  );
}
