/**
 * The query parameters the storefront pages read from their URL. The web app reads them
 * (features/catalog/lib/filter-params.ts, the reviews section); the server renders those pages with only
 * these parameters and keys its page cache on them (src/server/web/web.ts), so both take them from here.
 */

/** The list filters that take several values (`size=M,L`). */
export const LIST_FILTERS = ['size', 'colour', 'brand', 'seller'] as const;
export type ListFilterKey = (typeof LIST_FILTERS)[number];

/** A list's filters and sort (search, category and shop pages). */
export const FILTER_PARAMS = [
  'category',
  ...LIST_FILTERS,
  'minPrice',
  'maxPrice',
  'rating',
  'discount',
  'inStock',
  'sort',
] as const;

/** Category and shop pages also take their page number from the query. */
export const LIST_PARAMS = [...FILTER_PARAMS, 'page'] as const;

/** A product page's reviews keep their sort and page in the query. */
export const REVIEW_PARAMS = ['reviewSort', 'reviewPage'] as const;
