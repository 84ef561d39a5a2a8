import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toSlug } from '#web/lib/format.ts';
import { firstLevelQueryOptions, secondLevelQueryOptions } from '../api/get-categories.ts';
import { categoryHref } from '../lib/category-path.ts';
import { hrefWithFilters, withCategory, type ListFilters } from '../lib/filter-params.ts';
import { listHref } from '../lib/route-params.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * The category part of the filters. On search: the top levels as filter links that stay on the results
 * (`category=<name>`, back to page 1, the other filters kept), the chosen one marked. On a category page:
 * links to the sub-categories of its top level (the category menu's links), carrying the other filters
 * along, the one shown marked as current.
 */
function Links({
  items,
  filterLinks = false,
}: {
  items: { name: string; href: string; current: boolean }[];
  /** Links that change a filter of this list: the scroll position stays, as when a box is ticked. */
  filterLinks?: boolean;
}) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <nav aria-label={t('catalog.category.linksLabel')} className="haat-facet">
      <p className="haat-facet-legend mb-2">{t('catalog.category.linksLegend')}</p>
      <ul className="list-unstyled mb-0">
        {items.map((item) => (
          <li key={item.href} className="mb-1">
            <Link
              to={item.href}
              aria-current={item.current ? 'page' : undefined}
              className={item.current ? 'fw-semibold text-body' : undefined}
              preventScrollReset={filterLinks || undefined}
            >
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Search results: the top levels narrow `keyword`'s results (the chosen one is `filters.category`). */
export function TopCategoryLinks({ keyword, filters }: { keyword: string; filters: ListFilters }) {
  const first = useQuery(firstLevelQueryOptions());
  const chosen = filters.category === undefined ? undefined : toSlug(filters.category);
  const items = (first.data ?? []).map((name) => ({
    name,
    href: hrefWithFilters(listHref(keyword, 1), withCategory(filters, name)),
    current: toSlug(name) === chosen,
  }));
  return <Links items={items} filterLinks />;
}

/** `segments`: the category page's URL segments (slugs). */
export function SubCategoryLinks({
  segments,
  filters,
}: {
  segments: readonly string[];
  filters: ListFilters;
}) {
  const first = useQuery(firstLevelQueryOptions());
  const top = first.data?.find((name) => toSlug(name) === toSlug(segments[0] ?? ''));
  const second = useQuery({ ...secondLevelQueryOptions(top ?? ''), enabled: !!top });
  if (!top) return null;
  const current = segments.length >= 2 ? categoryHref([top, segments[1] ?? '']) : undefined;
  const items = (second.data ?? []).map((sub) => {
    const href = categoryHref([top, sub]);
    return { name: sub, href: hrefWithFilters(href, filters), current: href === current };
  });
  return <Links items={items} />;
}
