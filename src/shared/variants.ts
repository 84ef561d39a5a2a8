import { NO_SIZE, normalizeSizes, sizeOptionsFor, type CategoryLevels } from './sizes.ts';

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
 * A product's name with the variant a line names, as order messages and mails write it: "Kurta (size L)",
 * "Kurta (size L, Red)", "Scarf (Red)", or just "Speaker" for one size without colour.
 */
export function nameWithVariant(
  name: string,
  v: { size: string | null; colour: string | null } | null | undefined,
): string {
  const size = v?.size && v.size.trim().toUpperCase() !== NO_SIZE ? `size ${v.size}` : '';
  const parts = [size, v?.colour ?? ''].filter((s) => s !== '');
  return parts.length > 0 ? `${name} (${parts.join(', ')})` : name;
}

/** What a buyer pays per unit before discounts: the variant's own price, else the product's. */
export function unitPriceOf<T>(productPrice: T, variant: { price: T | null } | null | undefined): T {
  return variant?.price ?? productPrice;
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

/**
 * Every size in every colour (sizes outer, colours inner), the stock split evenly over them as
 * `variantsFromSizes` does; no colours is `variantsFromSizes`. The demo seed's colourful products.
 */
export function variantsFromGrid(
  sizes: readonly string[],
  colours: readonly string[],
  stock: number,
  skuPrefix: string,
): VariantInput[] {
  const bySize = variantsFromSizes(sizes, 0, skuPrefix);
  const list = colours.map((c) => canonicalColour(c)).filter((c): c is string => c !== null);
  if (list.length === 0) return variantsFromSizes(sizes, stock, skuPrefix);
  const options = bySize.flatMap((v) => list.map((colour) => ({ size: v.size, colour })));
  const each = Math.floor(stock / options.length);
  const rest = stock % options.length;
  return options.map((o, i) => ({
    ...o,
    sku: skuFor(skuPrefix, o),
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

/** A colour as the common list spells it ('navy' → 'Navy'); any other colour trimmed, as typed. */
export function canonicalColour(colour: string | null): string | null {
  const c = colour?.trim() ?? '';
  if (c === '') return null;
  return COMMON_COLOURS.find((k) => k.toLowerCase() === c.toLowerCase()) ?? c;
}

/**
 * The variants with each size spelled as the category offers it ('m' → 'M') and common colours in their
 * usual spelling, in the given order; null when a size is not offered by the category or N/A is mixed
 * with real sizes (the rules of `normalizeSizes`).
 */
export function normalizeVariantOptions<T extends VariantOption>(
  variants: readonly T[],
  levels: CategoryLevels,
): T[] | null {
  if (
    normalizeSizes(
      variants.map((v) => v.size),
      levels,
    ) === null
  )
    return null;
  const options = sizeOptionsFor(levels);
  return variants.map((v) => ({
    ...v,
    size: options.find((o) => o.toUpperCase() === v.size.trim().toUpperCase()) ?? v.size.trim(),
    colour: canonicalColour(v.colour),
  }));
}

/** An existing variant, as a SPEC-shaped update sees it. */
export type StoredVariant = VariantInput & { _id: string };

/**
 * How a SPEC-shaped update (`sizes` and/or `countInStock`, no `variants`) maps onto a product's variants
 * (docs/decisions/0102-product-variants.md):
 * - `sizes` (already checked and in category order): variants of sizes still listed are kept, every colour
 *   of them, with their SKU, stock and price; those of sizes no longer listed go; a new size gets one
 *   variant without colour, a default SKU and no stock. Left out: every variant is kept.
 * - `countInStock`: when the kept variants already hold that total, their stock stays as it is (a client
 *   sending the product back unchanged changes nothing); otherwise the total is split over them evenly, as
 *   on creation (10 over S, M, L → 4, 3, 3). Left out: every stock stays.
 * Rows with `_id` update that variant; rows without are new.
 */
export function variantsForSpecUpdate(
  existing: readonly StoredVariant[],
  change: { sizes?: readonly string[] | undefined; countInStock?: number | undefined },
  skuPrefix: string,
): (VariantInput & { _id?: string })[] {
  let next: (VariantInput & { _id?: string })[] = [...existing];
  if (change.sizes !== undefined) {
    const sizes = [...new Set(change.sizes)];
    const taken = new Set(existing.map((v) => v.sku.toLowerCase()));
    next = sizes.flatMap((size): (VariantInput & { _id?: string })[] => {
      const kept = existing.filter((v) => v.size.toUpperCase() === size.toUpperCase());
      if (kept.length > 0) return kept;
      let sku = skuFor(skuPrefix, { size, colour: null });
      for (let n = 2; taken.has(sku.toLowerCase()); n++)
        sku = `${skuFor(skuPrefix, { size, colour: null })}-${n}`;
      taken.add(sku.toLowerCase());
      return [{ size, colour: null, sku, countInStock: 0, price: null }];
    });
  }
  const total = change.countInStock;
  if (total !== undefined && total !== totalStock(next)) {
    const each = Math.floor(total / next.length);
    const rest = total % next.length;
    next = next.map((v, i) => ({ ...v, countInStock: each + (i < rest ? 1 : 0) }));
  }
  return next;
}
