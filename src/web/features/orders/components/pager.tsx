import { Link } from 'react-router';

/**
 * Page links for the back-office tables (20 rows a page, DECISIONS §3). `href(n)` builds the link of page n,
 * so the page lives in the URL and survives a reload. Hidden when there is only one page.
 */
export function Pager({ page, pages, href }: { page: number; pages: number; href: (n: number) => string }) {
  if (pages <= 1) return null;
  // At most 7 numbers around the current page keep the bar on one line at 360 px.
  const first = Math.max(1, Math.min(page - 3, pages - 6));
  const numbers = Array.from({ length: Math.min(7, pages) }, (_, i) => first + i);
  return (
    <nav aria-label="Pages">
      <ul className="pagination flex-wrap">
        {numbers.map((n) => (
          <li key={n} className={`page-item${n === page ? ' active' : ''}`}>
            <Link
              className="page-link"
              to={href(n)}
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
