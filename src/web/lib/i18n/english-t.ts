import { IntlMessageFormat } from 'intl-messageformat';
import { flattenMessages } from '#shared/i18n/languages.ts';
import en from '#shared/i18n/locales/en.json' with { type: 'json' };
import type { Translate } from './i18n.tsx';

/**
 * For unit tests of plain helpers that take `t`: the English catalogue's words, as a page in English says
 * them (plain messages; `rich` is not used by those helpers). An id the catalogue lacks throws, so a test
 * cannot pass on a mistyped id.
 */
const english = flattenMessages(en);
export const englishT = Object.assign(
  (id: string, values?: Record<string, string | number | null | undefined>) => {
    const message = english[id];
    if (message === undefined) throw new Error(`No English message ${id}`);
    return String(new IntlMessageFormat(message, 'en-IN').format(values));
  },
  { rich: () => null, language: { code: 'en', name: 'English', englishName: 'English', intl: 'en-IN' } },
) as unknown as Translate;
