/**
 * Sizes by category (docs/product/catalog.md): which sizes a product of a category may have. Kept apart
 * from the product form's schemas (schemas/product-form.ts re-exports them) so that a storefront page can
 * use them without loading zod.
 */

/** docs/product/messages.md: clothes S…7XL, shoes 6–10, anything else N/A. */
export const CLOTHES_SIZES = ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL', '7XL'] as const;
export const SHOE_SIZES = ['6', '7', '8', '9', '10'] as const;
export const NO_SIZE = 'N/A';

export type CategoryLevels = {
  category?: string | null;
  subCategory?: string | null;
  levelThreeCategory?: string | null;
  levelFourCategory?: string | null;
  levelFiveCategory?: string | null;
};

export type SizeKind = 'clothes' | 'shoes' | 'none';

/**
 * Which sizes a category offers, from the names on its path. Footwear is looked for first, so "Baby & Kids
 * Fashion › Kids Footwear" has shoe sizes; clothing is any path naming clothes or clothing, or one of the
 * apparel branches of the tree (Muslim Fashion, Baby & Kids Fashion, Sportswear). The demo seed fills
 * sizes by the same rule (docs/decisions/0062-sizes-by-category.md).
 */
export function sizeKindOf(levels: CategoryLevels): SizeKind {
  const path = [
    levels.category,
    levels.subCategory,
    levels.levelThreeCategory,
    levels.levelFourCategory,
    levels.levelFiveCategory,
  ]
    .filter(Boolean)
    .join(' > ');
  if (/Shoes|Footwear/i.test(path)) return 'shoes';
  if (/Clothes|Clothing|Muslim Fashion|Kids Fashion|Sportswear/i.test(path)) return 'clothes';
  return 'none';
}

/**
 * The sizes a seller may tick. N/A ("one size", such as a dupatta among clothes) is offered everywhere but
 * stands alone: a product either has sizes or it has none.
 */
export function sizeOptionsFor(levels: CategoryLevels): readonly string[] {
  const kind = sizeKindOf(levels);
  if (kind === 'clothes') return [...CLOTHES_SIZES, NO_SIZE];
  if (kind === 'shoes') return [...SHOE_SIZES, NO_SIZE];
  return [NO_SIZE];
}

/** The chosen sizes in the category's order, or null when any is not offered, none is, or N/A is mixed in. */
export function normalizeSizes(sizes: readonly string[], levels: CategoryLevels): string[] | null {
  const options = sizeOptionsFor(levels);
  const chosen = new Set(sizes.map((s) => s.trim().toUpperCase()));
  if (chosen.size === 0) return null;
  if (chosen.has(NO_SIZE) && chosen.size > 1) return null;
  const upper = options.map((o) => o.toUpperCase());
  for (const s of chosen) if (!upper.includes(s)) return null;
  return options.filter((o) => chosen.has(o.toUpperCase()));
}
