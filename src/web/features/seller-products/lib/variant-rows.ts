import { VARIANT_MSG, type VariantInputBody } from '#shared/schemas/product-form.ts';
import { COMMON_COLOURS, sameOption, skuFor } from '#shared/variants.ts';

/**
 * The seller's variant grid (docs/decisions/0102-product-variants.md): one row per ticked size × colour,
 * each with stock, SKU and an optional price. Pure, so the grid and its tests agree.
 */
export type VariantRow = VariantInputBody;

/** SKUs are at most 40 characters (variantInputSchema). */
const MAX_SKU = 40;

/** The default SKU of a row. */
export const defaultSku = (prefix: string, row: { size: string; colour?: string | null | undefined }) =>
  skuFor(prefix, { size: row.size, colour: row.colour ?? null }).slice(0, MAX_SKU);

/**
 * The SKU prefix: the server's for an existing product (the first 8 characters of its id), else the
 * product's name (letters and digits, 8 at most) until it has an id.
 */
export function skuPrefix(productId: string | null, name: string): string {
  if (productId) return productId.replace(/-/g, '').slice(0, 8);
  const fromName = name.toUpperCase().replace(/[^A-Z0-9]+/g, '');
  return fromName.slice(0, 8) || 'SKU';
}

const isAutoSku = (row: VariantRow, prefix: string) => row.sku === defaultSku(prefix, row);

const sameSize = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A row moved to another colour; its SKU follows when it was the default one. */
function recolour(row: VariantRow, colour: string | null, prefix: string): VariantRow {
  const moved = { ...row, colour };
  return isAutoSku(row, prefix) ? { ...moved, sku: defaultSku(prefix, moved) } : moved;
}

/**
 * The grid's rows for these sizes and colours (no colours: one row per size), in size then colour order.
 * Rows already there keep their id, stock, SKU and price. When the first colour is added, the rows
 * without colour become that colour's (the stock the seller has is of some colour); when the last
 * colour goes, its rows become the rows without colour. Other new rows start at stock 0, a default SKU
 * and the product's price.
 */
export function rowsFor(
  sizes: readonly string[],
  colours: readonly string[],
  current: readonly VariantRow[],
  prefix: string,
): VariantRow[] {
  const list: (string | null)[] = colours.length > 0 ? [...colours] : [null];
  const used = new Set<VariantRow>();
  const take = (row: VariantRow | undefined) => {
    if (row && !used.has(row)) {
      used.add(row);
      return row;
    }
    return undefined;
  };
  return sizes.flatMap((size) =>
    list.map((colour): VariantRow => {
      const same = take(
        current.find((r) => sameOption({ size: r.size, colour: r.colour ?? null }, { size, colour })),
      );
      if (same) return same;
      const ofSize = current.filter((r) => sameSize(r.size, size) && !used.has(r));
      const carried =
        colour !== null && colour === list[0]
          ? take(ofSize.find((r) => !r.colour))
          : colour === null
            ? take(ofSize.find((r) => !!r.colour))
            : undefined;
      if (carried) return recolour(carried, colour, prefix);
      const fresh = { size, colour, countInStock: 0, price: null };
      return { ...fresh, sku: defaultSku(prefix, fresh) };
    }),
  );
}

/** Default SKUs follow a new prefix (a new product's name changed); SKUs the seller typed stay. */
export function reprefix(rows: readonly VariantRow[], from: string, to: string): VariantRow[] {
  return rows.map((r) => (isAutoSku(r, from) ? { ...r, sku: defaultSku(to, r) } : r));
}

/** The colours of some rows, each once, in row order. */
export function coloursOf(rows: readonly { colour?: string | null | undefined }[]): string[] {
  const out: string[] = [];
  for (const r of rows) {
    if (r.colour && !out.some((c) => c.toLowerCase() === r.colour?.toLowerCase())) out.push(r.colour);
  }
  return out;
}

/**
 * Adding a typed colour: common colours take their usual spelling ('navy' → 'Navy'), others are kept as
 * typed (trimmed). The message says why it cannot be added (`messages`: the page's language; English by
 * default).
 */
export function addColour(
  colours: readonly string[],
  typed: string,
  messages: { empty: string; listed: (colour: string) => string } = {
    empty: 'Type a colour to add.',
    listed: (colour) => `${colour} is already listed.`,
  },
): { colours: string[]; error: string | null } {
  const text = typed.trim().replace(/\s+/g, ' ');
  if (text === '') return { colours: [...colours], error: messages.empty };
  if (text.length > 30) return { colours: [...colours], error: VARIANT_MSG.colour };
  const colour = COMMON_COLOURS.find((c) => c.toLowerCase() === text.toLowerCase()) ?? text;
  if (colours.some((c) => c.toLowerCase() === colour.toLowerCase())) {
    return { colours: [...colours], error: messages.listed(colour) };
  }
  return { colours: [...colours, colour], error: null };
}

/** The stock of the rows, counting a blank or invalid cell as 0 (the cell says what is wrong). */
export function totalOf(rows: readonly { countInStock?: number | undefined }[]): number {
  return rows.reduce((sum, r) => {
    const n = r.countInStock;
    return sum + (typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : 0);
  }, 0);
}
