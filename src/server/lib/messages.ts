import { IntlMessageFormat } from 'intl-messageformat';
import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  pickLanguage,
  supportedLanguage,
  type LanguageInfo,
} from '#shared/i18n/languages.ts';
import { readCatalogues, type LoadedCatalogue } from './catalogues.ts';

/**
 * The server's side of the catalogues (docs/decisions/0137-mails-and-pdfs-in-hindi.md): e-mails and PDFs
 * are written with the same ICU messages as the screens, in one language at a time. `translator('hi')`
 * answers a `t(id, values)` like the web app's, with `t.language` (its Intl locale formats dates).
 */

export type ServerTranslate = ((id: string, values?: Record<string, string | number | Date>) => string) & {
  language: LanguageInfo;
};

let catalogues: Map<string, LoadedCatalogue> | undefined;
const loaded = () => (catalogues ??= new Map(readCatalogues().map((c) => [c.code, c])));

/** The codes of the languages the catalogues have, English first. */
export const serverLanguages = (): string[] => [...loaded().keys()];

const translators = new Map<string, ServerTranslate>();

/** A translator for `language` ('hi', 'hi-IN', anything unknown or null → English). */
export function translator(language: string | null | undefined): ServerTranslate {
  const code = supportedLanguage(language, serverLanguages()) ?? DEFAULT_LANGUAGE;
  const cached = translators.get(code);
  if (cached) return cached;
  const catalogue = loaded().get(code)!;
  const compiled = new Map<string, IntlMessageFormat>();
  const t = ((id, values) => {
    let format = compiled.get(id);
    if (!format) {
      const source = catalogue.messages[id];
      if (source === undefined) throw new Error(`No message ${id}`);
      format = new IntlMessageFormat(source, catalogue.intl, undefined, { ignoreTag: true });
      compiled.set(id, format);
    }
    return String(format.format(values));
  }) as ServerTranslate;
  t.language = {
    code: catalogue.code,
    name: catalogue.name,
    englishName: catalogue.englishName,
    intl: catalogue.intl,
  };
  translators.set(code, t);
  return t;
}

/**
 * A request's language (ADR 0135): the switch's cookie (which sign-in sets from the account), else the
 * browser's Accept-Language, else English. Pages and downloaded PDFs both follow it.
 */
export function requestLanguage(req: Pick<FastifyRequest, 'cookies' | 'headers'>): string {
  return pickLanguage(
    { choice: req.cookies?.[LANGUAGE_COOKIE], acceptLanguage: req.headers['accept-language'] },
    serverLanguages(),
  );
}
