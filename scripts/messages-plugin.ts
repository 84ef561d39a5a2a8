import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { normalizePath, type Plugin } from 'vite';
import { closure } from './graph.ts';
import { LOCALES_DIR, readCatalogues } from '../src/server/lib/catalogues.ts';

/**
 * The web app's messages (ADR 0135), as Vite modules made from the catalogues (one JSON file per language):
 *
 * - `virtual:haat-messages`: the languages (`languages`) and a loader per language and namespace
 *   (`loaders['hi/cart']()`), each namespace its own small chunk, so a page downloads only the messages of
 *   its language and of the screens it shows;
 * - `virtual:haat-messages/all`: every message of every language, for the server renderer.
 *
 * Messages are compiled to ICU syntax trees here, so the browser needs no message parser (react-intl runs
 * with FormatJS's no-parser build, vite.config.ts). A message that does not parse fails the build.
 */
export function haatMessages(dir: string = LOCALES_DIR): Plugin {
  let namespaces: string[] = [];
  const byModule = new Map<string, string[]>();
  const ROOT = 'virtual:haat-messages';
  const PREFIX = `\0${ROOT}`;
  const compile = (messages: Record<string, string>, ids: string[]) =>
    Object.fromEntries(
      ids.map((id) => {
        try {
          return [id, parse(messages[id] ?? '')];
        } catch (err) {
          throw new Error(`Message ${id} does not parse: ${(err as Error).message}`);
        }
      }),
    );
  return {
    name: 'haat-messages',
    buildStart() {
      namespaces = [];
      byModule.clear();
    },
    // Which namespaces each module of the app names (nothing in its code changes).
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (!file.startsWith(WEB_DIR) || !/\.tsx?$/.test(file) || file === LANGUAGE_FALLBACK) return null;
      if (namespaces.length === 0)
        namespaces = [...new Set(readCatalogues(dir).flatMap((c) => c.namespaces))];
      const used = namespacesNamedIn(code, namespaces);
      if (used.length > 0) byModule.set(file, used);
      return null;
    },
    // A chunk loaded on demand (a page) says, as it loads, the namespaces of every module it brings
    // (src/web/lib/i18n/needed-messages.ts): one call at its end, so no line moves.
    renderChunk(code, chunk, _options, meta) {
      if (!chunk.isDynamicEntry) return null;
      const used = chunkNamespaces(chunk.fileName, meta.chunks, byModule);
      if (used.length === 0) return null;
      return { code: `${code}\n;globalThis.__haatNeedMessages?.(${JSON.stringify(used)});\n`, map: null };
    },
    resolveId(id) {
      return id === ROOT || id.startsWith(`${ROOT}/`) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      for (const file of readCatalogues(dir).map((c) => path.join(dir, `${c.code}.json`)))
        this.addWatchFile(file);
      this.addWatchFile(dir);
      const catalogues = readCatalogues(dir);
      const rest = id.slice(PREFIX.length);
      if (rest === '') {
        const languages = catalogues.map(({ code, name, englishName, intl }) => ({
          code,
          name,
          englishName,
          intl,
        }));
        const loaders = catalogues.flatMap((c) =>
          c.namespaces.map(
            (ns) =>
              `${JSON.stringify(`${c.code}/${ns}`)}: () => import(${JSON.stringify(`${ROOT}/${c.code}/${ns}`)})`,
          ),
        );
        return `export const languages = ${JSON.stringify(languages)};\nexport const loaders = {${loaders.join(',\n')}};\n`;
      }
      if (rest === '/all') {
        const all = Object.fromEntries(
          catalogues.map((c) => [c.code, compile(c.messages, Object.keys(c.messages))]),
        );
        return `export default ${JSON.stringify(all)};\n`;
      }
      const [, code, ns] = /^\/([a-z]{2,3})\/([\w-]+)$/.exec(rest) ?? [];
      const catalogue = catalogues.find((c) => c.code === code);
      if (!catalogue || !ns) return null;
      const ids = Object.keys(catalogue.messages).filter((i) => i.startsWith(`${ns}.`));
      return `export default ${JSON.stringify(compile(catalogue.messages, ids))};\n`;
    },
  };
}

const WEB_DIR = normalizePath(fileURLToPath(new URL('../src/web/', import.meta.url)));
/**
 * Its ids ('errors.…', 'validation.…') are said only on non-English pages, through `<Said>`, which has a
 * Suspense of its own: counting them would make every page wait for 47 KB it does not show.
 */
const LANGUAGE_FALLBACK = `${WEB_DIR}lib/i18n/message-text.ts`;

/**
 * The namespaces of the message ids a module's code names: 'orders.items.title', `delivery.by.${x}`. A
 * string that only looks like an id makes one namespace load early, nothing worse.
 */
export function namespacesNamedIn(code: string, namespaces: readonly string[]): string[] {
  const known = new Set(namespaces);
  const found = new Set<string>();
  for (const m of code.matchAll(/['"`]([A-Za-z][\w-]*)\.[A-Za-z]/g)) {
    if (m[1] && known.has(m[1])) found.add(m[1]);
  }
  return [...found].sort();
}

type ChunkFacts = { moduleIds: readonly string[]; imports: readonly string[] };

/** The namespaces the modules of a chunk and of every chunk it imports, however deep, name. */
export function chunkNamespaces(
  fileName: string,
  chunks: Record<string, ChunkFacts>,
  byModule: ReadonlyMap<string, readonly string[]>,
): string[] {
  const used = new Set<string>();
  for (const name of closure([fileName], (n) => chunks[n]?.imports ?? [])) {
    for (const id of chunks[name]?.moduleIds ?? []) for (const ns of byModule.get(id) ?? []) used.add(ns);
  }
  return [...used].sort();
}
