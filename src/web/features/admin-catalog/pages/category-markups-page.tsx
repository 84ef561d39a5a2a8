import { Link } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useMarkups } from '../api/get-markups.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

function Markups() {
  const t = useT();
  const markups = useMarkups();
  return (
    <section>
      <PageHead title={t('adminCatalog.markups.pageTitle')} />
      <h1 className="h3 mb-2">{t('adminCatalog.markups.heading')}</h1>
      <p className="text-body-secondary small mb-3">{t('adminCatalog.markups.intro')}</p>
      {markups.isPending ? (
        <Loader label={t('adminCatalog.markups.loading')} />
      ) : markups.error ? (
        <ErrorAlert error={markups.error} />
      ) : markups.data.length === 0 ? (
        <Message>{t('adminCatalog.markups.none')}</Message>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle bg-white shadow-sm rounded">
            <thead className="table-light">
              <tr>
                <th scope="col">{t('adminCatalog.markups.category')}</th>
                <th scope="col" className="text-end">
                  {t('adminCatalog.markups.markup')}
                </th>
                <th scope="col" className="text-end">
                  <span className="visually-hidden">{t('adminCatalog.markups.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {markups.data.map((m) => (
                <tr key={m._id}>
                  <th scope="row" className="fw-normal">
                    {m.uniqueCategoryName}
                  </th>
                  <td className="text-end text-nowrap">{m.percentageMarkup.toFixed(2)} %</td>
                  <td className="text-end">
                    <Link
                      to={`/admin/category-markup/${m._id}/edit`}
                      className="btn btn-sm btn-outline-primary"
                    >
                      {t('adminCatalog.markups.edit')}
                      <span className="visually-hidden"> {m.uniqueCategoryName}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** /admin/categories-markup (docs/product/screens.md) — Admin only. */
export function CategoryMarkupsPage() {
  return <Markups />;
}
