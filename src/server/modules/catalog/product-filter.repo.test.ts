import { describe, expect, it } from 'vitest';
import { pagingTotalOf } from './product-filter.repo.ts';
import { MAX_LISTED } from './product.repo.ts';

/** Bounded facet counts (ADR 0138): the total a list's page is read by. */
describe('pagingTotalOf', () => {
  it('is the count when every match was counted', () => {
    expect(pagingTotalOf(37, 10_000, 37)).toBe(37);
    expect(pagingTotalOf(4_800, 10_000, 4_800)).toBe(4_800);
  });

  it('is the count when it was counted up to the last page and stopped short of it', () => {
    expect(pagingTotalOf(6, 5, 900)).toBe(900);
    expect(pagingTotalOf(6, 5, MAX_LISTED)).toBe(MAX_LISTED);
  });

  it('is never taken for a short list when only a lower bound is known', () => {
    // FACET_COUNT_LIMIT 2 000: 2 001 matches or more, which must not read as "under 5 000, sort them all".
    expect(pagingTotalOf(2_001, 2_000, 2_001)).toBeGreaterThan(5_000);
    // A limit under one storefront of pages, counted past the last page.
    expect(pagingTotalOf(6, 5, MAX_LISTED + 1)).toBeGreaterThan(5_000);
    // The default limit stays what it was.
    expect(pagingTotalOf(10_001, 10_000, 10_001)).toBe(10_001);
  });
});
