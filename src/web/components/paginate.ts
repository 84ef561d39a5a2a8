/** A page link, or a gap ('…') standing for the pages left out between two links. */
export type PageItem = number | 'gap';

/**
 * Which page links to show: the first, the last, and `siblings` pages either side of the current one,
 * with gaps between. A gap always stands for at least two pages (a single missing page is shown instead),
 * so the row never says "…" where a number would fit. Lists go up to 100 pages (ADR 0050).
 */
export function pageItems(page: number, pages: number, siblings = 1): PageItem[] {
  if (pages <= 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  const from = Math.max(2, current - siblings);
  const to = Math.min(pages - 1, current + siblings);
  const items: PageItem[] = [1];
  if (from === 3) items.push(2);
  else if (from > 3) items.push('gap');
  for (let n = from; n <= to; n += 1) items.push(n);
  if (to === pages - 2) items.push(pages - 1);
  else if (to < pages - 2) items.push('gap');
  items.push(pages);
  return items;
}

/** The last page, when `page` is past it (and the list has pages at all); null when `page` is in range. */
export function lastPageFor(page: number, pages: number): number | null {
  return pages >= 1 && page > pages ? pages : null;
}
