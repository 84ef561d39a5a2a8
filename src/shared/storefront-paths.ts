/**
 * Paths of storefront pages that both sides write: the web app's links and the server's sitemap
 * (docs/decisions/0127-page-weight-images-seo.md) must name a page the same way, or a crawler would
 * index a second URL for it.
 */

/** A name as a link segment: trimmed, lower case, runs of spaces as one dash (docs/product/screens.md). */
export function toSlug(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}

/** '/categories/fashion-%26-accessories/women-clothes' for ['Fashion & Accessories', 'Women Clothes']. */
export function categoryPath(levels: readonly string[]): string {
  return `/categories/${levels.map((level) => encodeURIComponent(toSlug(level))).join('/')}`;
}

/** '/product/<id>'. */
export const productPath = (id: string): string => `/product/${id}`;
