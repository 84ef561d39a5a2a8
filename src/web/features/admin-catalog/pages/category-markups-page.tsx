import { Link } from 'react-router';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useMarkups } from '../api/get-markups.ts';
import { PageHead } from '#web/components/page-head.tsx';

function Markups() {
  const markups = useMarkups();
  return (
    <section>
      <PageHead title="Category Markups · Haat" />
      <h1 className="h3 mb-2">Category Markups</h1>
      <p className="text-body-secondary small mb-3">
        The share Haat takes out of a seller's price, per top-level category. A product keeps the markup it
        was created with; a change applies to products created afterwards.
      </p>
      {markups.isPending ? (
        <Loader label="Loading markups…" />
      ) : markups.error ? (
        <ErrorAlert error={markups.error} />
      ) : markups.data.length === 0 ? (
        <Message>No category markups yet.</Message>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle bg-white shadow-sm rounded">
            <thead className="table-light">
              <tr>
                <th scope="col">Category</th>
                <th scope="col" className="text-end">
                  Markup
                </th>
                <th scope="col" className="text-end">
                  <span className="visually-hidden">Actions</span>
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
                      Edit<span className="visually-hidden"> {m.uniqueCategoryName}</span>
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
