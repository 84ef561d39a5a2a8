/**
 * `react-dom` in the browser build, where Preact stands in for React (docs/decisions/0130-preact-in-the-browser.md):
 * Preact's compatibility layer, plus `preload`, the React 19 resource hint the product gallery uses for
 * its first image. On the server the real react-dom renders the page and puts the hint in <head>; here it
 * adds the same `<link rel="preload">` unless the page already has it.
 */
// preact/compat's types are written `export =`, which TypeScript will not re-export with `export *`; the
// module itself is ESM and bundles as it should.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

type PreloadOptions = {
  as: string;
  imageSrcSet?: string;
  imageSizes?: string;
  fetchPriority?: 'high' | 'low' | 'auto';
};

export function preload(href: string, options: PreloadOptions): void {
  const links = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]');
  if ([...links].some((l) => l.getAttribute('href') === href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.href = href;
  link.as = options.as;
  if (options.imageSrcSet) link.setAttribute('imagesrcset', options.imageSrcSet);
  if (options.imageSizes) link.setAttribute('imagesizes', options.imageSizes);
  if (options.fetchPriority) link.setAttribute('fetchpriority', options.fetchPriority);
  document.head.append(link);
}
