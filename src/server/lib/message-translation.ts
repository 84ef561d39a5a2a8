import { parse } from '@formatjs/icu-messageformat-parser';
import { DEFAULT_LANGUAGE } from '#shared/i18n/languages.ts';
import { createLookup, translateMessage, type MessageLookup } from '#shared/i18n/message-lookup.ts';
import { readCatalogues } from './catalogues.ts';
import { translator } from './messages.ts';

/**
 * The server's English messages in another language (ADR 0136): an API answer's `message` and field errors
 * are written in English where they are thrown, and found here in the English `errors`/`validation`
 * messages by that text. The language is the request's (`requestLanguage` in ./messages.ts).
 */

let lookup: MessageLookup | null = null;

function englishLookup(): MessageLookup {
  if (!lookup) {
    const english = readCatalogues().find((c) => c.code === DEFAULT_LANGUAGE)?.messages ?? {};
    lookup = createLookup(Object.fromEntries(Object.entries(english).map(([id, text]) => [id, parse(text)])));
  }
  return lookup;
}

/**
 * The English text of a server or schema message in `language`: the catalogue's message with the same
 * English text; text the catalogue does not have (a library's own message) is left as it is. English is
 * never touched, so English answers stay byte for byte what the code says.
 */
export function translatorFor(language: string): (text: string) => string {
  if (language === DEFAULT_LANGUAGE) return (text) => text;
  const t = translator(language);
  const found = englishLookup();
  return (text) => translateMessage(found, text, (id, values) => t(id, values));
}
