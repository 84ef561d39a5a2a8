import type { CategoryPath } from '#shared/schemas/product.ts';
import { toSlug } from '#web/lib/format.ts';

/** A category record's levels from the top, without the empty ones. */
export function categoryLevels(path: CategoryPath): string[] {
  return [
    path.category,
    path.subCategory,
    path.levelThreeCategory,
    path.levelFourCategory,
    path.levelFiveCategory,
  ].filter((level): level is string => typeof level === 'string' && level.trim() !== '');
}

/** '/categories/fashion-%26-accessories/women-clothes' for ['Fashion & Accessories', 'Women Clothes'] (docs/product/screens.md). */
export function categoryHref(levels: readonly string[]): string {
  return `/categories/${levels.map((level) => encodeURIComponent(toSlug(level))).join('/')}`;
}

/** A slug read back for display when the real name is not known: dashes as spaces, words capitalised. */
export function labelFromSlug(slug: string): string {
  return slug
    .replace(/-/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => space + letter.toUpperCase());
}

/**
 * Labels for the segments of a category URL. A slug loses case and punctuation ('t-shirts' could be
 * 'T-Shirts' or 'T Shirts'), so each segment takes the real name of a level with that slug from the
 * category paths at hand (the listed products'), and falls back to `labelFromSlug`.
 */
export function segmentLabels(segments: readonly string[], known: readonly CategoryPath[]): string[] {
  const names = new Map<string, string>();
  for (const path of known) {
    for (const level of categoryLevels(path)) {
      const slug = toSlug(level);
      if (!names.has(slug)) names.set(slug, level);
    }
  }
  return segments.map((segment) => names.get(toSlug(segment)) ?? labelFromSlug(segment));
}
