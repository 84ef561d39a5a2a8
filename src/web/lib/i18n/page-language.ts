import { languages } from 'virtual:haat-messages';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  supportedLanguage,
  type LanguageInfo,
} from '#shared/i18n/languages.ts';

/** Every language the shop has a catalogue for (ADR 0135), English first. */
export const LANGUAGES: readonly LanguageInfo[] = languages;
const codes = languages.map((l) => l.code);

export const languageInfo = (code: string): LanguageInfo =>
  languages.find((l) => l.code === code) ?? languages.find((l) => l.code === DEFAULT_LANGUAGE)!;

/**
 * The language of the page in this browser: the switch's choice (the cookie), else the one the server wrote
 * on <html lang> (from the browser's preferences). The server chose by the same cookie, so they agree.
 */
export function pageLanguage(): LanguageInfo {
  const fromCookie = supportedLanguage(readCookie(LANGUAGE_COOKIE), codes);
  const fromPage = supportedLanguage(document.documentElement.lang, codes);
  return languageInfo(fromCookie ?? fromPage ?? DEFAULT_LANGUAGE);
}

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

/** Remember the visitor's choice in this browser for a year (the server reads it for every page). */
export function rememberLanguage(code: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(code)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
