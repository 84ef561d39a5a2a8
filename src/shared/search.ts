/**
 * Storefront keyword search terms (DECISIONS §5). Pure: the server turns these into SQL, the web uses
 * `isBlankKeyword` to send a blank search home (SPEC §5).
 *
 * A keyword becomes words (letters, combining marks and digits; everything else separates words, so
 * "t-shirt" is "t" and "shirt"). Each word must match, in one of two ways:
 * - full text with English stems and prefixes: "shirts" and "shirt" find "T-Shirts", "kurt" finds "Kurta";
 * - a partial word (trigram-indexed substring) of the name, brand or category names: "shirt" also finds
 *   "Sweatshirt". Words shorter than MIN_PARTIAL_LENGTH take part in full text only, since one or two
 *   letters occur almost everywhere.
 */

export const MAX_KEYWORD_LENGTH = 200;
/** More words than this are ignored: each adds index work and none narrows much further. */
export const MAX_SEARCH_WORDS = 8;
/** Shortest word matched as a prefix (`w:*`) and as a substring (trigrams need three letters). */
export const MIN_PREFIX_LENGTH = 2;
export const MIN_PARTIAL_LENGTH = 3;

export type SearchTerms = {
  /** Lower-cased words, de-duplicated, in the order typed. */
  words: string[];
  /**
   * Input for PostgreSQL's `to_tsquery('english', …)`: words joined with `&`, each with `:*` (prefix)
   * when long enough. Safe to pass as a parameter: words hold only letters, marks and digits.
   */
  tsquery: string;
  /** Words to find as substrings (LIKE '%w%') of the lower-cased search text; all must occur. */
  partials: string[];
};

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

export const isBlankKeyword = (keyword: string | null | undefined): boolean =>
  !keyword || keyword.trim() === '';

/** Words of a keyword, or null when it holds none (blank, or punctuation only). */
export function searchTerms(keyword: string): SearchTerms | null {
  const words = [...new Set(keyword.slice(0, MAX_KEYWORD_LENGTH).toLowerCase().match(WORD) ?? [])].slice(
    0,
    MAX_SEARCH_WORDS,
  );
  if (words.length === 0) return null;
  return {
    words,
    tsquery: words.map((w) => (w.length >= MIN_PREFIX_LENGTH ? `${w}:*` : w)).join(' & '),
    partials: words.filter((w) => w.length >= MIN_PARTIAL_LENGTH),
  };
}
