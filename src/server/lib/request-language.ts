import { parse } from '@formatjs/icu-messageformat-parser';
import type { FastifyRequest } from 'fastify';
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, pickLanguage } from '#shared/i18n/languages.ts';
import { createLookup, translateMessage, type MessageLookup } from '#shared/i18n/message-lookup.ts';
import { readCatalogues, type LoadedCatalogue } from './catalogues.ts';

/**
 * The language a request is answered in, and the server's messages in it (ADR 0135, ADR 0136): the
 * switch's cookie (which sign-in sets from the account), else the browser's Accept-Language, else English.
 * Pages (web/web.ts) and API error bodies (app.ts) choose the same way.
 */

let loaded: { catalogues: LoadedCatalogue[]; codes: string[]; lookup: MessageLookup } | null = null;

function catalogues() {
  if (!loaded) {
    const all = readCatalogues();
    const english = all.find((c) => c.code === DEFAULT_LANGUAGE)?.messages ?? {};
    const parsed = Object.fromEntries(Object.entries(english).map(([id, text]) => [id, parse(text)]));
    loaded = { catalogues: all, codes: all.map((c) => c.code), lookup: createLookup(parsed) };
  }
  return loaded;
}

/** The codes of the languages Haat has a catalogue for, English first. */
export const languageCodes = (): string[] => catalogues().codes;

/** The request's language code ('en', 'hi'). */
export function requestLanguage(req: FastifyRequest): string {
  return pickLanguage(
    { choice: req.cookies?.[LANGUAGE_COOKIE], acceptLanguage: req.headers['accept-language'] },
    catalogues().codes,
  );
}

export type MessageValues = Record<string, string | number>;

const formatters = new Map<string, IntlMessageFormat>();

/** The message `id` in `language`, with `values` (English's text when the language lacks it). */
export function formatMessage(language: string, id: string, values: MessageValues = {}): string {
  const key = `${language}\u0000${id}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const catalogue = catalogues().catalogues.find((c) => c.code === language);
    const text = catalogue?.messages[id];
    if (text === undefined) return id;
    formatter = new IntlMessageFormat(text, catalogue!.intl);
    formatters.set(key, formatter);
  }
  return String(formatter.format(values));
}

/**
 * The English text of a server or schema message in `language`: the catalogue's message with the same
 * English text (ADR 0136); text the catalogue does not have (a library's own message) is left as it is.
 * English is never touched, so English answers stay byte for byte what the code says.
 */
export function translatorFor(language: string): (text: string) => string {
  if (language === DEFAULT_LANGUAGE) return (text) => text;
  const { lookup } = catalogues();
  return (text) => translateMessage(lookup, text, (id, values) => formatMessage(language, id, values));
}
