import path from 'node:path';
import type { Plugin } from 'vite';
import { closure } from './graph.ts';

type Graph = {
  entries: string[];
  imports: (id: string) => readonly string[];
};

/** Every module `roots` reach through static imports (dynamic imports start other chunks). */
export const staticClosure = (roots: readonly string[], imports: Graph['imports']): Set<string> =>
  closure(roots, imports);

export type StorefrontGroups = {
  shell: Set<string>;
  common: Set<string>;
  product: Set<string>;
  listing: Set<string>;
};

/**
 * The storefront's modules in four groups, so a phone fetches a page in a handful of files instead of
 * forty (docs/decisions/0144-storefront-chunks.md): `shell`, what the entry and the home page load;
 * `product`, what only the product page adds; `listing`, what only the search, category and shop pages
 * add; `common`, what the product page and the listing pages share beyond the shell. The page modules
 * themselves stay chunks of their own (the router loads each by its own import).
 */
export function storefrontGroups(
  graph: Graph,
  pages: { home: string; product: string; listing: readonly string[] },
): StorefrontGroups {
  const shell = staticClosure([...graph.entries, pages.home], graph.imports);
  const pageIds = new Set([pages.home, pages.product, ...pages.listing]);
  const beyond = (roots: readonly string[]) =>
    new Set([...staticClosure(roots, graph.imports)].filter((id) => !shell.has(id) && !pageIds.has(id)));
  const productAll = beyond([pages.product]);
  const listingAll = beyond(pages.listing);
  const common = new Set([...productAll].filter((id) => listingAll.has(id)));
  return {
    shell: new Set([...shell].filter((id) => !pageIds.has(id))),
    common,
    product: new Set([...productAll].filter((id) => !common.has(id))),
    listing: new Set([...listingAll].filter((id) => !common.has(id))),
  };
}

const isScript = (id: string) => !/\.(css|scss|sass|less)(\?|$)/.test(id);

/**
 * The plugin that learns the module graph (at the end of the build's module phase) and the
 * `codeSplitting` option whose groups read it: Rolldown makes chunks after every module is loaded.
 */
export function storefrontChunks(pageModules: { home: string; product: string; listing: readonly string[] }) {
  let groups: StorefrontGroups | null = null;
  const member = (name: keyof StorefrontGroups) => (id: string) => !!groups?.[name].has(id) && isScript(id);
  const plugin: Plugin = {
    name: 'haat-storefront-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const byEnd = (suffix: string) => ids.find((id) => id.endsWith(suffix));
      const home = byEnd(pageModules.home);
      const product = byEnd(pageModules.product);
      const listing = pageModules.listing.map(byEnd).filter((id): id is string => !!id);
      if (!home || !product) return;
      groups = storefrontGroups(
        {
          entries: ids.filter((id) => this.getModuleInfo(id)?.isEntry),
          imports: (id) => usedImports(id, (m) => this.getModuleInfo(m)),
        },
        { home, product, listing },
      );
    },
  };
  const codeSplitting = {
    groups: [
      { name: 'shell', test: member('shell'), priority: 4 },
      { name: 'storefront', test: member('common'), priority: 3 },
      { name: 'product', test: member('product'), priority: 2 },
      { name: 'listing', test: member('listing'), priority: 1 },
    ],
  };
  return { plugin, codeSplitting };
}

type Info = { code: string | null; importedIds: readonly string[] } | null;

const BARREL = /[\\/]features[\\/]([\w-]+)[\\/]index\.ts$/;

/**
 * A module's static imports, where an import of a feature's index.ts counts only the modules of it that
 * the importer names: an index re-exports the feature's pages and forms too, and following all of it
 * would put a seller's form into the product page's chunk.
 */
export function usedImports(id: string, info: (id: string) => Info): string[] {
  const me = info(id);
  if (!me) return [];
  if (BARREL.test(id)) return []; // reached only through the names an importer takes, below
  const out: string[] = [];
  for (const target of me.importedIds) {
    const feature = BARREL.exec(target)?.[1];
    if (!feature) {
      out.push(target);
      continue;
    }
    const index = info(target);
    const picked = barrelTargets(
      target,
      index?.code ?? null,
      index?.importedIds ?? [],
      namesImported(me.code ?? '', feature),
    );
    out.push(...(picked ?? index?.importedIds ?? []));
  }
  return out;
}

/** The names `code` imports from a feature's index.ts ('#web/features/<feature>/index.ts' or relative). */
export function namesImported(code: string, feature: string): Set<string> {
  const names = new Set<string>();
  const re = new RegExp(
    `import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*['"][^'"]*/${feature}/index\\.ts['"]`,
    'g',
  );
  for (const m of code.matchAll(re)) {
    for (const part of (m[1] ?? '').split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) names.add(name);
    }
  }
  return names;
}

/**
 * The modules of an index.ts that export one of `names`, among the modules it imports (`importedIds`, as
 * the bundler resolved them); null when the index cannot be read that way.
 */
export function barrelTargets(
  barrel: string,
  code: string | null,
  importedIds: readonly string[],
  names: Set<string>,
): string[] | null {
  if (!code || names.size === 0 || /export\s*\*/.test(code)) return null;
  const out: string[] = [];
  for (const m of code.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const exported = (m[1] ?? '').split(',').map((p) =>
      p
        .trim()
        .split(/\s+as\s+/)
        .pop()
        ?.trim(),
    );
    if (!exported.some((n) => n && names.has(n))) continue;
    const target = resolvedAmong(barrel, m[2] ?? '', importedIds);
    if (!target) return null;
    out.push(target);
  }
  return out;
}

/**
 * Which of `importedIds` a specifier of `from` names: './x.tsx' beside it, or '#web/…' / '#shared/…'
 * (the project's aliases), with or without its extension. Ids use '/' on every system.
 */
function resolvedAmong(from: string, spec: string, importedIds: readonly string[]): string | undefined {
  const alias = /^#(web|shared)\/(.*)$/.exec(spec);
  const wanted = alias
    ? `/src/${alias[1] ?? ''}/${alias[2] ?? ''}`
    : path.posix.normalize(path.posix.join(path.posix.dirname(from.replace(/\\/g, '/')), spec));
  const strip = (id: string) => id.replace(/\\/g, '/').replace(/\.(tsx?|jsx?)$/, '');
  return importedIds.find((id) => {
    const plain = strip(id);
    const want = strip(wanted);
    return alias ? plain.endsWith(want) : plain === want;
  });
}
