/** A page number from the URL: a positive integer, else 1 (a typed '/page/abc' shows the first page). */
export function pageFromParam(value: string | null | undefined): number {
  if (!value || !/^\d{1,6}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 ? n : 1;
}

/** '/search/kurta/page/2' or '/page/2'; page 1 is the plain '/search/kurta' or '/'. */
export function listHref(keyword: string, page: number): string {
  const base = keyword ? `/search/${encodeURIComponent(keyword)}` : '';
  if (page <= 1) return base || '/';
  return `${base}/page/${String(page)}`;
}
