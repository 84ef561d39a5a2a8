import { IntlMessageFormat } from 'intl-messageformat';
import { flattenMessages } from '#shared/i18n/languages.ts';
import en from '#shared/i18n/locales/en.json' with { type: 'json' };
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/**
 * For this feature's unit tests only: the English catalogue's words, as a page in English says them
 * (plain messages; `rich` is not used by the helpers under test).
 */
const english = flattenMessages(en);
export const englishT = Object.assign(
  (id: string, values?: Record<string, string | number | null | undefined>) =>
    String(new IntlMessageFormat(english[id] ?? id, 'en-IN').format(values)),
  { rich: () => null, language: { code: 'en', name: 'English', englishName: 'English', intl: 'en-IN' } },
) as unknown as Translate;
