/**
 * The site's origin for absolute links in the page (canonical URL, Open Graph, JSON-LD). In the browser it
 * is the one the server rendered the page with (so hydration matches), else the page's own; while the server
 * renders, entry-server.tsx sets it from PUBLIC_URL.
 */
let origin: string | null = null;

export function setSiteOrigin(value: string | null): void {
  origin = value;
}

export function siteOrigin(): string {
  if (origin) return origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}
