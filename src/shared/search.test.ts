import { describe, expect, it } from 'vitest';
import { isBlankKeyword, MAX_SEARCH_WORDS, searchTerms } from './search.ts';

describe('searchTerms', () => {
  it('lower-cases and splits on anything but letters and digits', () => {
    expect(searchTerms('Cotton T-Shirts')).toEqual({
      words: ['cotton', 't', 'shirts'],
      tsquery: 'cotton & t & shirts',
      partials: ['cotton', 'shirts'],
    });
  });

  it('keeps letters with combining marks (Devanagari) and digits', () => {
    expect(searchTerms('कुर्ता 2024')?.words).toEqual(['कुर्ता', '2024']);
  });

  it('drops tsquery operators and quotes, so user input cannot change the query', () => {
    const t = searchTerms("kurta' | !saree & (x) <-> y:*");
    expect(t?.tsquery).toBe('kurta & saree & x & y');
    expect(t?.tsquery).toMatch(/^[\p{L}\p{M}\p{N}& ]+$/u);
  });

  it('de-duplicates and caps the number of words', () => {
    expect(searchTerms('red RED red')?.words).toEqual(['red']);
    const many = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
    expect(searchTerms(many)?.words).toHaveLength(MAX_SEARCH_WORDS);
  });

  it('has no partial (trigram) words shorter than three letters', () => {
    expect(searchTerms('xl tee')?.partials).toEqual(['tee']);
    expect(searchTerms('xl')).toEqual({ words: ['xl'], tsquery: 'xl', partials: [] });
  });

  it('returns null when there is nothing to search for', () => {
    expect(searchTerms('')).toBeNull();
    expect(searchTerms('   ')).toBeNull();
    expect(searchTerms('%%% --- !!!')).toBeNull();
  });
});

describe('isBlankKeyword', () => {
  it('treats empty, whitespace and missing keywords as blank', () => {
    expect(isBlankKeyword(undefined)).toBe(true);
    expect(isBlankKeyword('')).toBe(true);
    expect(isBlankKeyword('  \t')).toBe(true);
    expect(isBlankKeyword(' shirt ')).toBe(false);
  });
});
