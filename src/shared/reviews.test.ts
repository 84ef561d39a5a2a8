import { describe, expect, it } from 'vitest';
import {
  averageRating,
  breakdownRowText,
  emptyRatingCounts,
  ratingBreakdown,
  ratingCountsFrom,
  ratingSummaryText,
  totalReviews,
} from './reviews.ts';

describe('rating summary', () => {
  it('counts GROUP BY rows per star, ignoring values outside 1–5', () => {
    expect(
      ratingCountsFrom([
        { rating: 5, n: 2 },
        { rating: 4, n: 1 },
        { rating: 0, n: 9 },
        { rating: 6, n: 9 },
      ]),
    ).toEqual({ '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 });
  });

  it('averages exactly, rounded half-up to 2 decimals like NUMERIC round()', () => {
    expect(averageRating(emptyRatingCounts())).toBe(0);
    expect(averageRating(ratingCountsFrom([{ rating: 4, n: 1 }]))).toBe(4);
    // 14 / 3 = 4.666… → 4.67
    expect(
      averageRating(
        ratingCountsFrom([
          { rating: 5, n: 2 },
          { rating: 4, n: 1 },
        ]),
      ),
    ).toBe(4.67);
    // 37 / 10 = 3.7
    expect(
      averageRating(
        ratingCountsFrom([
          { rating: 5, n: 3 },
          { rating: 4, n: 4 },
          { rating: 3, n: 1 },
          { rating: 2, n: 1 },
          { rating: 1, n: 1 },
        ]),
      ),
    ).toBe(3.7);
    // 1.125 → 1.13 (half-up, where binary floats would give 1.12)
    expect(
      averageRating(
        ratingCountsFrom([
          { rating: 1, n: 7 },
          { rating: 2, n: 1 },
        ]),
      ),
    ).toBe(1.13);
    // 2 / 3 = 0.666…: with 1★ only it cannot happen; 5 / 3 = 1.666… → 1.67
    expect(
      averageRating(
        ratingCountsFrom([
          { rating: 1, n: 1 },
          { rating: 2, n: 2 },
        ]),
      ),
    ).toBe(1.67);
  });

  it('gives one bar per star value, 5★ first, with whole-percent shares', () => {
    const c = ratingCountsFrom([
      { rating: 5, n: 2 },
      { rating: 4, n: 1 },
    ]);
    expect(totalReviews(c)).toBe(3);
    expect(ratingBreakdown(c)).toEqual([
      { stars: 5, count: 2, percent: 67 },
      { stars: 4, count: 1, percent: 33 },
      { stars: 3, count: 0, percent: 0 },
      { stars: 2, count: 0, percent: 0 },
      { stars: 1, count: 0, percent: 0 },
    ]);
    expect(ratingBreakdown(emptyRatingCounts()).every((r) => r.percent === 0)).toBe(true);
  });

  it('words the summary and each bar for screen readers', () => {
    expect(ratingSummaryText(emptyRatingCounts())).toBe('No reviews yet');
    expect(
      ratingSummaryText(
        ratingCountsFrom([
          { rating: 5, n: 2 },
          { rating: 4, n: 1 },
        ]),
      ),
    ).toBe('4.67 out of 5 from 3 reviews');
    expect(ratingSummaryText(ratingCountsFrom([{ rating: 3, n: 1 }]))).toBe('3 out of 5 from 1 review');
    expect(breakdownRowText({ stars: 1, count: 1, percent: 100 })).toBe('1 star: 1 review (100%)');
    expect(breakdownRowText({ stars: 5, count: 0, percent: 0 })).toBe('5 stars: 0 reviews (0%)');
  });
});
