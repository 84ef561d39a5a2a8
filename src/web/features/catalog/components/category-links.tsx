import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toSlug } from '#web/lib/format.ts';
import { firstLevelQueryOptions, secondLevelQueryOptions } from '../api/get-categories.ts';
import { categoryHref } from '../lib/category-path.ts';
import { hrefWithFilters, type ListFilters } from '../lib/filter-params.ts';

/**
 * The category part of the filters: links to category pages (the category menu's links), carrying the other
 * filters along. On search: the top levels. On a category page: the sub-categories of its top level, the
 * one shown marked as current.
 */
function Links({
  items,
  current,
  filters,
}: {
  items: { name: string; href: string }[];
  current?: string;
  filters: ListFilters;
}) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Categories" className="haat-facet">
      <p className="haat-facet-legend mb-2">Category</p>
      <ul className="list-unstyled mb-0">
        {items.map((item) => (
          <li key={item.href} className="mb-1">
            <Link
              to={hrefWithFilters(item.href, filters)}
              aria-current={item.href === current ? 'page' : undefined}
              className={item.href === current ? 'fw-semibold text-body' : undefined}
            >
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function TopCategoryLinks({ filters }: { filters: ListFilters }) {
  const first = useQuery(firstLevelQueryOptions());
  const items = (first.data ?? []).map((name) => ({ name, href: categoryHref([name]) }));
  return <Links items={items} filters={filters} />;
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
  const items = (second.data ?? []).map((sub) => ({ name: sub, href: categoryHref([top, sub]) }));
  const current = segments.length >= 2 ? categoryHref([top, segments[1] ?? '']) : undefined;
  return <Links items={items} current={current} filters={filters} />;
}
