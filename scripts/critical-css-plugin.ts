import fs from 'node:fs';
import path from 'node:path';
import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import postcss from 'postcss';
import type { Plugin } from 'vite';
import { BOOTSTRAP_PURGE_OPTIONS, BOOTSTRAP_SAFELIST } from './bootstrap-purge.js';

/**
 * The stylesheet each server-rendered storefront page inlines (docs/decisions/0139-storefront-critical-css.md):
 * the app's stylesheet (Bootstrap trimmed to the whole app, postcss.config.js, and the app's own rules)
 * trimmed again to the class names that occur in the JavaScript that page runs: the entry's chunks, the
 * page's chunks and what the page itself loads later (its lightbox, its forms). A phone then parses and
 * matches about a third of the rules before its first paint; the whole stylesheet stays linked (not
 * render-blocking) and takes over when the visitor moves to another page (src/web/lib/full-stylesheet.ts).
 *
 * Written to dist/web/.vite/critical-css.json as { "<manifest key of the page>": "<css>" }.
 */
export const CRITICAL_CSS_FILE = '.vite/critical-css.json';

export type ManifestChunk = {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

const ENTRY = 'index.html';

/**
 * The chunks whose code a page runs: the entry's static imports, and the page's static and dynamic ones,
 * without following the entry's dynamic imports (every other route and every language's messages).
 */
export function pageChunks(manifest: Manifest, page: string): Set<string> {
  const entry = new Set<string>();
  const walk = (key: string, into: Set<string>, dynamic: boolean) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into, dynamic);
    if (dynamic && !entry.has(key))
      for (const dep of manifest[key].dynamicImports ?? []) walk(dep, into, dynamic);
  };
  walk(ENTRY, entry, false);
  const all = new Set(entry);
  const own = new Set<string>();
  walk(page, own, true);
  for (const key of own) all.add(key);
  return all;
}

/** The react-bootstrap components that build class names at run time, by module, and those names' prefixes. */
const COMPONENT_PREFIXES: [RegExp, { parts?: string; variants?: string[] }][] = [
  [/^Modal/, { parts: 'modal' }],
  [/^Offcanvas/, { parts: 'offcanvas' }],
  [/^Carousel/, { parts: 'carousel' }],
  [/^Form/, { parts: 'form' }],
  [/^ProgressBar/, { parts: 'progress', variants: ['bg'] }],
  [/^Button/, { variants: ['btn'] }],
  [/^Badge/, { variants: ['bg', 'text', 'text-bg'] }],
  [/^Alert/, { variants: ['alert'] }],
  [/^Table/, { variants: ['table'] }],
  [/^Card/, { variants: ['bg', 'text', 'text-bg', 'border'] }],
];
const VARIANT =
  /["'`]((?:outline-)?(?:primary|secondary|success|danger|warning|info|light|dark|white|body|black|muted|link))["'`]/g;
const escape = (s: string) => s.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

/**
 * The whole app's safelist, narrowed to what a page's code can produce: a react-bootstrap component's
 * parts (`modal-header`, `offcanvas-body`, …, spelled at run time from its prefix) only when the page's
 * chunks hold that component's module, and its variants (`btn-${variant}`, `bg-${bg}`, …) only for
 * variant names that occur as strings in the page's code. `modules`: the ids of the modules in the chunks.
 */
export function criticalSafelist(code: string, modules: readonly string[]) {
  const components = modules
    .map((id) => /[\\/]react-bootstrap[\\/]esm[\\/](\w+)\.js$/.exec(id)?.[1])
    .filter((name): name is string => !!name);
  const parts = new Set<string>();
  // Our own markup spells variants too (`alert alert-${variant}`, src/web/components/alerts.tsx).
  const prefixes = new Set<string>(['alert']);
  for (const [name, what] of COMPONENT_PREFIXES) {
    if (!components.some((c) => name.test(c))) continue;
    if (what.parts) parts.add(what.parts);
    for (const p of what.variants ?? []) prefixes.add(p);
  }
  const variants = new Set([...code.matchAll(VARIANT)].map((m) => m[1]!));
  const componentParts = String(/^(modal|offcanvas|carousel|form|progress)(-|$)/);
  const allVariants = String(BOOTSTRAP_SAFELIST.standard[0]);
  const alt = (set: Set<string>) => [...set].map(escape).join('|');
  return {
    standard: [
      ...BOOTSTRAP_SAFELIST.standard.filter(
        (re) => String(re) !== componentParts && String(re) !== allVariants,
      ),
      ...(parts.size ? [new RegExp(`^(${alt(parts)})(-|$)`)] : []),
      ...(variants.size ? [new RegExp(`^(${alt(prefixes)})-(${alt(variants)})(-|$)`)] : []),
    ],
    greedy: BOOTSTRAP_SAFELIST.greedy,
  };
}

/**
 * The entry's stylesheet trimmed to the class names of `code` (the page's JavaScript and index.html) and
 * what its react-bootstrap components (`modules`) spell at run time.
 */
export async function trimStylesheet(
  css: string,
  code: string[],
  modules: readonly string[] = [],
): Promise<string> {
  const all = code.join('\n');
  const result = await postcss([
    purgeCSSPlugin({
      ...BOOTSTRAP_PURGE_OPTIONS,
      content: [{ raw: all, extension: 'js' }],
      safelist: criticalSafelist(all, modules),
    }),
  ]).process(css, { from: undefined });
  return result.css;
}

/** The Vite plugin (browser build): writes CRITICAL_CSS_FILE for `pages` (manifest keys) after the build. */
export function criticalCss(pages: readonly string[]): Plugin {
  return {
    name: 'haat-critical-css',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const read = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
      const manifest = JSON.parse(read('.vite/manifest.json')) as Manifest;
      const entryCss = manifest[ENTRY]?.css ?? [];
      if (entryCss.length === 0) return;
      const css = entryCss.map(read).join('\n');
      const out: Record<string, string> = {};
      for (const page of pages) {
        if (!manifest[page]) throw new Error(`critical CSS: ${page} is not in the build`);
        const files = [...pageChunks(manifest, page)]
          .map((key) => manifest[key]!.file)
          .filter((f) => f.endsWith('.js') || f.endsWith('.html'));
        const modules = files.flatMap((f) => {
          const chunk = bundle[f];
          return chunk?.type === 'chunk' ? chunk.moduleIds : [];
        });
        out[page] = await trimStylesheet(css, [read('index.html'), ...files.map(read)], modules);
      }
      fs.writeFileSync(path.join(dir, CRITICAL_CSS_FILE), JSON.stringify(out));
    },
  };
}
