import fs from 'node:fs';
import path from 'node:path';

/**
 * The HTML of a server-rendered storefront page (docs/decisions/0126-server-rendering.md): the built
 * index.html with the page's <head> tags, its stylesheets, its chunks preloaded, the rendered markup in
 * #root and the data it was rendered with. Pure string work on what `vite build` wrote, prepared once.
 */

/** One chunk of Vite's build manifest (dist/web/.vite/manifest.json). */
export type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/**
 * Stylesheets up to this size (raw bytes, the entry's and the page's together) go inline in a <style>, so
 * the first paint waits for no request; bigger ones stay <link>ed (ADR 0126).
 */
export const INLINE_CSS_LIMIT = 160 * 1024;

export type PageAssets = {
  /** <link rel="modulepreload"> for the page's chunks (those index.html does not already preload). */
  preloads: string;
  /** The stylesheets: one <style> when small enough, else <link>s for the page's own. */
  css: string;
  /** Whether `css` replaces index.html's stylesheet links (inlined). */
  inline: boolean;
};

export type Shell = {
  indexHtml: string;
  /** The stylesheet <link>s index.html has (the entry's CSS). */
  entryCssLinks: string[];
  assetsFor: (pageModule: string) => PageAssets;
};

const CSS_LINK = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;

/**
 * Where the build writes each storefront page's own trimmed copy of the entry stylesheet
 * (scripts/critical-css-plugin.ts, docs/decisions/0139-storefront-critical-css.md).
 */
export const CRITICAL_CSS_FILE = '.vite/critical-css.json';

export function prepareShell(indexHtml: string, manifest: Manifest | null, webRoot: string): Shell {
  const entryCssLinks = [...indexHtml.matchAll(CSS_LINK)].map((m) => m[0]);
  const entryCssFiles = [...indexHtml.matchAll(CSS_LINK)].map((m) => m[1] ?? '');
  const read = (href: string) => {
    try {
      return fs.readFileSync(path.join(webRoot, href.replace(/^\//, '')), 'utf8');
    } catch {
      return null;
    }
  };
  const entryCss = entryCssFiles.map(read);
  const critical = readCritical(read(CRITICAL_CSS_FILE));

  const cache = new Map<string, PageAssets>();
  const assetsFor = (pageModule: string): PageAssets => {
    const known = cache.get(pageModule);
    if (known) return known;
    const entry = manifest?.['index.html'];
    const inEntry = new Set<string>();
    if (manifest && entry) collect(manifest, 'index.html', inEntry);
    const chunks = new Set<string>();
    if (manifest?.[pageModule]) collect(manifest, pageModule, chunks);
    const pageChunks = [...chunks].filter((key) => !inEntry.has(key));
    const files = pageChunks.map((key) => manifest?.[key]?.file).filter((f): f is string => !!f);
    const cssFiles = [...new Set(pageChunks.flatMap((key) => manifest?.[key]?.css ?? []))];
    const preloads = files
      .map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(f)}">`)
      .join('');
    const pageCss = cssFiles.map((f) => read(f));
    const all = [...entryCss, ...pageCss];
    const size = all.reduce((n, css) => n + (css?.length ?? 0), 0);
    const inline = all.every((css) => css !== null) && size <= INLINE_CSS_LIMIT;
    const own = critical[pageModule];
    let css: string;
    if (!inline) {
      css = cssFiles.map((f) => `<link rel="stylesheet" crossorigin href="/${escapeAttr(f)}">`).join('');
    } else if (own === undefined) {
      css = `<style>${all.join('\n')}</style>`;
    } else {
      // The page's trimmed copy of the entry stylesheet inline, before the page's own; the whole one linked
      // for print only, so it loads without holding the first paint. The browser app switches to it (and
      // drops the copy) when the visitor goes on to another page (src/web/lib/full-stylesheet.ts).
      css =
        entryCssFiles
          .map(
            (f) =>
              `<link rel="stylesheet" crossorigin href="${escapeAttr(f)}" media="print" data-haat-full-css>`,
          )
          .join('') +
        `<style data-haat-critical-css>${own}</style>` +
        (pageCss.length ? `<style>${pageCss.join('\n')}</style>` : '');
    }
    const assets = { preloads, css, inline };
    cache.set(pageModule, assets);
    return assets;
  };
  return { indexHtml, entryCssLinks, assetsFor };
}

/** The build's critical stylesheets by page module; none when the file is missing or unreadable. */
function readCritical(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const parsed = JSON.parse(json) as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** A chunk and everything it imports statically. */
function collect(manifest: Manifest, key: string, into: Set<string>) {
  if (into.has(key)) return;
  into.add(key);
  for (const dep of manifest[key]?.imports ?? []) collect(manifest, dep, into);
}

export type RenderedPage = { head: string; body: string; data: string };

/** The document for one rendered page. */
export function pageHtml(shell: Shell, page: RenderedPage, pageModule: string): string {
  const assets = shell.assetsFor(pageModule);
  let html = shell.indexHtml;
  // The page's own title and description replace index.html's defaults (no duplicates to hydrate over).
  if (/<title[\s>]/.test(page.head)) html = html.replace(/<title>[^<]*<\/title>\s*/, '');
  if (/<meta name="description"/.test(page.head))
    html = html.replace(/<meta name="description"[^>]*>\s*/, '');
  if (assets.inline) for (const link of shell.entryCssLinks) html = html.replace(link, '');
  html = html.replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '');
  html = html.replace('</head>', () => `${page.head}${assets.preloads}${assets.css}</head>`);
  return html.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${page.body}</div><script type="application/json" id="haat-data">${page.data}</script>`,
  );
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
