import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { flattenMessages, type Catalogue, type LanguageInfo } from '#shared/i18n/languages.ts';

/**
 * The message catalogues on disk (src/shared/i18n/locales/*.json, one file per language; ADR 0135), read
 * by the server (e-mails, PDFs, the page's language) and by the web build's messages plugin.
 */
export const LOCALES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../shared/i18n/locales',
);

export type LoadedCatalogue = LanguageInfo & {
  /** Flat ids to ICU message text; ids missing from this language carry the English text. */
  messages: Record<string, string>;
  /** The namespaces (top-level keys) the catalogue has. */
  namespaces: string[];
};

/** Every catalogue in `dir`, English first, each completed with English's text for what it lacks. */
export function readCatalogues(dir: string = LOCALES_DIR): LoadedCatalogue[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^[a-z]{2,3}\.json$/.test(f))
    .sort((a, b) => (a === 'en.json' ? -1 : b === 'en.json' ? 1 : a.localeCompare(b)));
  const raw = files.map((file) => {
    const json = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Catalogue;
    return { code: file.slice(0, -'.json'.length), json };
  });
  const english = flattenMessages(raw.find((c) => c.code === 'en')?.json ?? {});
  return raw.map(({ code, json }) => ({
    code,
    name: json.$language?.name ?? code,
    englishName: json.$language?.englishName ?? code,
    intl: json.$language?.intl ?? code,
    messages: { ...english, ...flattenMessages(json) },
    namespaces: [...new Set(Object.keys(english).map((id) => id.split('.')[0] ?? id))],
  }));
}
