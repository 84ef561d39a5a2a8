import { describe, expect, it } from 'vitest';
import type { CategoryPath } from '#shared/schemas/product.ts';
import { categoryHref, categoryLevels, labelFromSlug, segmentLabels } from './category-path.ts';

const path: CategoryPath = {
  category: 'Fashion & Accessories',
  subCategory: 'Men Clothes',
  levelThreeCategory: 'Topwear',
  levelFourCategory: 'T-Shirts',
  levelFiveCategory: null,
};

describe('category paths', () => {
  it('lists the levels that are set', () => {
    expect(categoryLevels(path)).toEqual(['Fashion & Accessories', 'Men Clothes', 'Topwear', 'T-Shirts']);
  });

  it('links levels as lowercase hyphenated slugs, escaped for the URL', () => {
    expect(categoryHref(['Men Clothes'])).toBe('/categories/men-clothes');
    expect(categoryHref(['Fashion & Accessories', 'Men Clothes'])).toBe(
      '/categories/fashion-%26-accessories/men-clothes',
    );
  });

  it('reads a slug back with spaces and capitals', () => {
    expect(labelFromSlug('women-clothes')).toBe('Women Clothes');
    expect(labelFromSlug('fashion-&-accessories')).toBe('Fashion & Accessories');
  });

  it('prefers the real names of known categories', () => {
    expect(segmentLabels(['men-clothes', 't-shirts', 'unknown-thing'], [path])).toEqual([
      'Men Clothes',
      'T-Shirts',
      'Unknown Thing',
    ]);
  });
});
