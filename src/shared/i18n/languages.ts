/**
 * The languages Haat speaks and how a request's language is chosen (docs/decisions/0135-languages.md).
 * Each language is one catalogue file, src/shared/i18n/locales/<code>.json: its `$language` entry says
 * what the language is called and which Intl locale formats its numbers and dates; every other top-level
 * key is a namespace of ICU messages (the web app loads a namespace when a screen first needs it).
 */

/** The cookie that carries a browser's choice (and, after sign-in, the account's). */
export const LANGUAGE_COOKIE = 'haat_lang';

/** What everyone gets until they choose, and what any missing message falls back to. */
export const DEFAULT_LANGUAGE = 'en';

/** A catalogue's `$language` entry. */
export type LanguageInfo = {
  /** The catalogue's file name: a BCP 47 primary language subtag ('en', 'hi', 'ta'). */
  code: string;
  /** The language's name in itself, as the switch shows it ('हिन्दी'). */
  name: string;
  /** Its English name ('Hindi'), for the switch's accessible description and for operators. */
  englishName: string;
  /** The Intl locale numbers, money and dates are formatted with ('hi-IN': ₹1,00,000.00, 24 नव॰ 2026). */
  intl: string;
};

/** A catalogue: `$language` plus namespaces of nested messages. */
export type Catalogue = { $language: Omit<LanguageInfo, 'code'> } & { [namespace: string]: unknown };

/** Nested messages to flat ids: { cart: { empty: 'x' } } → { 'cart.empty': 'x' }. */
export function flattenMessages(tree: unknown, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (typeof tree !== 'object' || tree === null) return out;
  for (const [key, value] of Object.entries(tree)) {
    if (key === '$language') continue;
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[id] = value;
    else Object.assign(out, flattenMessages(value, id));
  }
  return out;
}

/** The namespace of a message id: 'cart.empty' → 'cart'. */
export function namespaceOf(id: string): string {
  const dot = id.indexOf('.');
  return dot < 0 ? id : id.slice(0, dot);
}

/**
 * An Accept-Language header's languages, best first, as primary subtags ('hi-IN;q=0.9, en' → ['en', 'hi']).
 * Entries with q=0 are refused ones and left out.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  const ranked: { code: string; q: number; at: number }[] = [];
  header.split(',').forEach((part, at) => {
    const [tag = '', ...params] = part.trim().split(';');
    const code = tag.trim().toLowerCase().split('-')[0] ?? '';
    if (!/^[a-z]{2,3}$/.test(code)) return;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) return;
    ranked.push({ code, q, at });
  });
  ranked.sort((a, b) => b.q - a.q || a.at - b.at);
  return [...new Set(ranked.map((r) => r.code))];
}

/** A supported language code from whatever the user or browser sent ('HI', 'hi-IN' → 'hi'), else null. */
export function supportedLanguage(value: unknown, supported: readonly string[]): string | null {
  if (typeof value !== 'string') return null;
  const code = value.trim().toLowerCase().split('-')[0] ?? '';
  return supported.includes(code) ? code : null;
}

/**
 * The language a page or e-mail is in: the choice made in the switch (the cookie, which sign-in sets from the
 * account), else the account's saved choice, else the browser's preferences, else English.
 */
export function pickLanguage(
  from: { choice?: unknown; account?: unknown; acceptLanguage?: string | null },
  supported: readonly string[],
): string {
  return (
    supportedLanguage(from.choice, supported) ??
    supportedLanguage(from.account, supported) ??
    parseAcceptLanguage(from.acceptLanguage)
      .map((code) => supportedLanguage(code, supported))
      .find((code) => code !== null) ??
    DEFAULT_LANGUAGE
  );
}
