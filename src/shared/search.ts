/**
 * Storefront keyword search terms (docs/product/catalog.md). Pure: the server turns these into SQL, the web uses
 * `isBlankKeyword` to send a blank search home (docs/product/messages.md).
 *
 * A keyword becomes words (letters, combining marks and digits; everything else separates words, so
 * "t-shirt" is "t" and "shirt", and quotes or operators are never query syntax). A product matches when
 * - every word matches its English full-text document (name, brand, category names, description) after
 *   stemming: "shirts" and "shirt" find "T-Shirts"; or
 * - every word of MIN_PARTIAL_LENGTH letters or more occurs inside its name, brand or category names
 *   (trigram index): "kurt" finds "Kurta", "shirt" finds "Sweatshirt".
 * Partial words go through trigrams rather than full-text prefixes (`kurt:*`): a prefix makes PostgreSQL
 * gather every matching lexeme's rows into a bitmap first, about 5–9 times slower at 100 000 products.
 */

export const MAX_KEYWORD_LENGTH = 200;
/** More words than this are ignored: each adds index work and none narrows much further. */
export const MAX_SEARCH_WORDS = 8;
/** Shortest word looked for inside other words: trigrams need three letters, and shorter ones occur everywhere. */
export const MIN_PARTIAL_LENGTH = 3;

export type SearchTerms = {
  /** Lower-cased words, de-duplicated, in the order typed. */
  words: string[];
  /**
   * Input for PostgreSQL's `to_tsquery('english', …)`: the words joined with `&` (stop words are dropped
   * by PostgreSQL). Safe to pass as a parameter: words hold only letters, marks and digits.
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
    tsquery: words.join(' & '),
    partials: words.filter((w) => w.length >= MIN_PARTIAL_LENGTH),
  };
}
