import { NO_SIZE } from './schemas/product-form.ts';

/**
 * Product variants (docs/decisions/0102-product-variants.md): what a buyer picks is a size (N/A for one-size
 * goods) and optionally a colour, each with its own SKU, stock and optional price. SPEC's `sizes` and
 * `countInStock` are derived from them. Pure rules, shared by the server, the seller's form and the CSV import.
 */

/** Under this many units the product page says "Only N left" and seller tables flag the variant. */
export const LOW_STOCK_THRESHOLD = 5;

/** Colours offered in the seller's grid and the colour filter; a seller may type another. */
export const COMMON_COLOURS = [
  'Black',
  'White',
  'Grey',
  'Navy',
  'Blue',
  'Green',
  'Red',
  'Maroon',
  'Pink',
  'Yellow',
  'Orange',
  'Purple',
  'Brown',
  'Beige',
  'Gold',
  'Multicolour',
] as const;

export type VariantOption = { size: string; colour: string | null };

export type VariantInput = VariantOption & {
  sku: string;
  countInStock: number;
  /** Rupees as a decimal string ('1299.00'), or null for the product's price. */
  price: string | null;
};

/** The same size and colour, whatever the case and surrounding spaces. */
export function sameOption(a: VariantOption, b: VariantOption): boolean {
  const norm = (s: string | null) => (s ?? '').trim().toLowerCase();
  return norm(a.size) === norm(b.size) && norm(a.colour) === norm(b.colour);
}

/** "M", "M / Red", or "" for a one-size product without colour: how a line names its variant to people. */
export function variantLabel(v: VariantOption): string {
  const size = v.size === NO_SIZE ? '' : v.size;
  return [size, v.colour ?? ''].filter((s) => s !== '').join(' / ');
}

/**
 * Splits `stock` units over `sizes` as evenly as whole units allow, the remainder going to the first sizes:
 * 10 over S, M, L → 4, 3, 3. No real size → one N/A variant holding everything. Used for SPEC-shaped writes
 * (`sizes` + `countInStock`, no variants) and for the migration of products made before variants.
 */
export function variantsFromSizes(
  sizes: readonly string[],
  stock: number,
  skuPrefix: string,
): VariantInput[] {
  const real = [
    ...new Set(sizes.map((s) => s.trim()).filter((s) => s !== '' && s.toUpperCase() !== NO_SIZE)),
  ];
  const list = real.length > 0 ? real : [NO_SIZE];
  const each = Math.floor(stock / list.length);
  const rest = stock % list.length;
  return list.map((size, i) => ({
    size,
    colour: null,
    sku: skuFor(skuPrefix, { size, colour: null }),
    countInStock: each + (i < rest ? 1 : 0),
    price: null,
  }));
}

/** A default SKU: the prefix, the size (NA for one size) and the colour, upper case, dash separated. */
export function skuFor(prefix: string, v: VariantOption): string {
  const part = (s: string) =>
    s
      .trim()
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '');
  return [part(prefix), v.size === NO_SIZE ? 'NA' : part(v.size), v.colour ? part(v.colour) : '']
    .filter((s) => s !== '')
    .join('-');
}

/** SPEC's `countInStock`: the variants' total. */
export function totalStock(variants: readonly { countInStock: number }[]): number {
  return variants.reduce((sum, v) => sum + v.countInStock, 0);
}

/** SPEC's `sizes`: each size once, in variant order. */
export function sizesOf(variants: readonly VariantOption[]): string[] {
  return [...new Set(variants.map((v) => v.size))];
}

export type StockLevel = 'out' | 'low' | 'in';

export function stockLevel(count: number): StockLevel {
  if (count <= 0) return 'out';
  return count < LOW_STOCK_THRESHOLD ? 'low' : 'in';
}

/** What the product page says about a variant's stock: null when plenty is left. */
export function stockMessage(count: number): string | null {
  const level = stockLevel(count);
  if (level === 'out') return 'Out of stock';
  if (level === 'low') return `Only ${count} left`;
  return null;
}
