import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
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
