import { Link, Navigate } from 'react-router';
import { useT } from '../lib/i18n/i18n.tsx';
import { lastPageFor, pageItems } from './paginate.ts';

/**
 * Page links for a list (docs/product/screens.md /page/{n}, /search/{keyword}/page/{n}). Real links, so pages can be
 * opened in a new tab and are reachable by keyboard; `hrefFor` builds each page's URL.
 */
export function Pagination({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  /** The list's name for its page links ("Pages" unless given). */
  label?: string;
}) {
  const t = useT();
  const items = pageItems(page, pages);
  if (items.length === 0) return null;
  return (
    <nav aria-label={label ?? t('common.pagination.pages')} className="mt-4">
      <ul className="pagination justify-content-center flex-wrap">
        <li className={`page-item ${page <= 1 ? 'disabled' : ''}`}>
          {page <= 1 ? (
            <span className="page-link" aria-hidden="true">
              ‹
            </span>
          ) : (
            <Link
              className="page-link"
              to={hrefFor(page - 1)}
              aria-label={t('common.pagination.previous')}
              rel="prev"
            >
              ‹
            </Link>
          )}
        </li>
        {items.map((item, i) =>
          item === 'gap' ? (
            <li key={`gap-${String(i)}`} className="page-item disabled">
              <span className="page-link" aria-hidden="true">
                …
              </span>
            </li>
          ) : (
            <li key={item} className={`page-item ${item === page ? 'active' : ''}`}>
              <Link
                className="page-link"
                to={hrefFor(item)}
                aria-label={t('common.pagination.page', { page: String(item) })}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li className={`page-item ${page >= pages ? 'disabled' : ''}`}>
          {page >= pages ? (
            <span className="page-link" aria-hidden="true">
              ›
            </span>
          ) : (
            <Link
              className="page-link"
              to={hrefFor(page + 1)}
              aria-label={t('common.pagination.next')}
              rel="next"
            >
              ›
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}

/**
 * A page number past the end of a list (an old link, `/page/99` of 7) shows the last page instead of an
 * empty "Page 99 of 7": render it once the list's `page` and `pages` are known.
 */
export function PastLastPage({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const last = lastPageFor(page, pages);
  return last === null ? null : <Navigate to={hrefFor(last)} replace />;
}
