import type { CSSProperties } from 'react';
import { Link } from 'react-router';

/** Bootstrap's pagination colours are compiled in; point them at the theme's teal. */
const THEME = {
  '--bs-pagination-color': 'var(--haat-teal)',
  '--bs-pagination-hover-color': 'var(--haat-teal-dark)',
  '--bs-pagination-active-bg': 'var(--haat-teal)',
  '--bs-pagination-active-border-color': 'var(--haat-teal)',
  '--bs-pagination-focus-box-shadow': '0 0 0 0.25rem rgba(var(--haat-teal-rgb), 0.25)',
} as CSSProperties;

/** Page links under a product table: previous, numbers (with gaps on long lists), next. */
export function TablePagination({
  page,
  pages,
  hrefFor,
  label,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  if (pages <= 1) return null;
  const shown = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  const items: (number | 'gap')[] = [];
  shown.forEach((n, i) => {
    if (i > 0 && n - (shown[i - 1] ?? n) > 1) items.push('gap');
    items.push(n);
  });
  return (
    <nav aria-label={label}>
      <ul className="pagination justify-content-center flex-wrap mb-0" style={THEME}>
        <li className={`page-item ${page <= 1 ? 'disabled' : ''}`}>
          {page <= 1 ? (
            <span className="page-link">Previous</span>
          ) : (
            <Link className="page-link" to={hrefFor(page - 1)} rel="prev">
              Previous
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
                aria-label={`Page ${String(item)}`}
                aria-current={item === page ? 'page' : undefined}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        <li className={`page-item ${page >= pages ? 'disabled' : ''}`}>
          {page >= pages ? (
            <span className="page-link">Next</span>
          ) : (
            <Link className="page-link" to={hrefFor(page + 1)} rel="next">
              Next
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
