import { Link } from 'react-router';
import { useT } from '../lib/i18n/i18n.tsx';

export type Crumb = { label: string; to?: string | undefined };

/** A breadcrumb trail; the last crumb is the current page and is not a link. */
export function Breadcrumbs({ items, className }: { items: readonly Crumb[]; className?: string }) {
  const t = useT();
  return (
    <nav aria-label={t('common.breadcrumb')} className={className}>
      <ol className="breadcrumb haat-breadcrumb mb-0">
        {items.map((item, i) => {
          const last = i === items.length - 1;
          return (
            <li
              key={`${String(i)}-${item.label}`}
              className={`breadcrumb-item ${last ? 'active' : ''}`}
              aria-current={last ? 'page' : undefined}
            >
              {item.to && !last ? <Link to={item.to}>{item.label}</Link> : item.label}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
