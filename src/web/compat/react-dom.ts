/**
 * `react-dom` in the browser build, where Preact stands in for React (docs/decisions/0130-preact-in-the-browser.md):
 * Preact's compatibility layer, plus `preload`, the React 19 resource hint the product gallery uses for
 * its first image. On the server the real react-dom renders the page and puts the hint in <head>; here it
 * adds the same `<link rel="preload">` unless the page already has one for that image.
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
  // React's server writes an image preload with a srcset and no href: match either.
  const same = (l: HTMLLinkElement) =>
    l.getAttribute('href') === href ||
    (!!options.imageSrcSet && l.getAttribute('imagesrcset') === options.imageSrcSet);
  if ([...links].some(same)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.href = href;
  link.as = options.as;
  if (options.imageSrcSet) link.setAttribute('imagesrcset', options.imageSrcSet);
  if (options.imageSizes) link.setAttribute('imagesizes', options.imageSizes);
  if (options.fetchPriority) link.setAttribute('fetchpriority', options.fetchPriority);
  document.head.append(link);
}
