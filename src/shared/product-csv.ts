import { parse } from 'csv-parse/browser/esm/sync';
import { stringify } from 'csv-stringify/browser/esm/sync';
import { tryParseMoney } from './money.ts';
import { lockViolations, type LockedProductField } from './product-lock.ts';
import { isUuid } from './schemas/common.ts';
import {
  MAX_PRODUCT_IMAGES,
  NO_SIZE,
  PRODUCT_MSG,
  productFields,
  productImagePath,
  sizeOptionsFor,
  type CategoryLevels,
} from './schemas/product-form.ts';
import { sameOption, sizesOf, skuFor, totalStock, type VariantInput } from './variants.ts';

/**
 * Bulk listing (docs/product/bulk-listing.md, docs/decisions/0107-bulk-listing.md): a CSV with one row per
 * variant creates and updates a seller's products. This module is the pure part: reading the file,
 * grouping rows into products, checking each product with the product form's own schemas (so a row gets
 * the message the form would show), comparing with what is stored, and writing the export. What needs the
 * database (the category, the seller's existing products, image ownership, the ZIP) is handed in.
 */

/** The columns, in the order the export and the template write them. */
export const CSV_COLUMNS = [
  'product_ref',
  'name',
  'brand',
  'category',
  'price',
  'description',
  'size',
  'colour',
  'sku',
  'stock',
  'stock_exported',
  'variant_price',
  'images',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Columns that describe the product, not the variant: the same on every row of one product. */
export const PRODUCT_COLUMNS = ['name', 'brand', 'category', 'price', 'description', 'images'] as const;
type ProductColumn = (typeof PRODUCT_COLUMNS)[number];

/** Rows (variants) in one file; a product has at most 100 variants (the form's limit). */
export const MAX_IMPORT_ROWS = 10_000;
/** The CSV and the ZIP of images one import may upload. */
export const MAX_IMPORT_CSV_BYTES = 10 * 1024 * 1024;
export const MAX_IMPORT_ZIP_BYTES = 50 * 1024 * 1024;
/** Files (folders included) one ZIP may hold, and the unpacked bytes of the images an import uses. */
export const MAX_ZIP_ENTRIES = 2_000;
export const MAX_ZIP_UNPACKED_BYTES = 200 * 1024 * 1024;

/** Our messages (the product form's are PRODUCT_MSG and VARIANT_MSG, used as they are). */
export const IMPORT_MSG = {
  unreadable: 'The file could not be read as CSV. Save it from your spreadsheet as "CSV UTF-8".',
  noRows: 'The file has no product rows.',
  tooManyRows: `A file can have at most ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} rows; split it into several files.`,
  missingColumn: (c: string) => `The column "${c}" is missing from the first row.`,
  unknownColumn: (c: string) => `Unknown column "${c}". The columns are: ${CSV_COLUMNS.join(', ')}.`,
  duplicateColumn: (c: string) => `The column "${c}" appears twice.`,
  refRequired: 'Please enter a product reference (the same text on every row of one product).',
  refTooLong: 'A product reference can be at most 100 characters.',
  notYourProduct: 'None of your products has this id. Leave the id out to create a new product.',
  sameProductValue: (c: string) =>
    `Rows of one product must have the same ${c}; leave it blank on the other rows.`,
  category:
    'Unknown category: write its full path, for example "Fashion & Accessories > Men Clothes > Ethnic Wear > Kurtas > Cotton Kurtas".',
  imageNotFound: (name: string) => `"${name}" is neither in the ZIP file nor one of your uploaded images.`,
  imageNotInZip: (name: string) => `"${name}" is not in the ZIP file.`,
  imageNotYours: 'This image link is not one of your uploaded product images.',
  noZip: (name: string) => `"${name}" is an image file name, but no ZIP file was uploaded with the CSV.`,
  imageTooLarge: (name: string) => `"${name}" is larger than 5 MB.`,
  imageType: (name: string) => `"${name}" is not a JPEG, PNG, WebP or GIF image.`,
  unstorable: 'Text may not contain NUL characters or broken Unicode',
  zipUnreadable: 'The ZIP file could not be read.',
  zipTooManyFiles: `The ZIP file can hold at most ${MAX_ZIP_ENTRIES.toLocaleString('en-IN')} files; split the images over several imports.`,
  zipTooLargeUnpacked: `The images the file names come to more than ${MAX_ZIP_UNPACKED_BYTES / 1024 / 1024} MB unpacked; split them over several imports.`,
  imageAmbiguous: (name: string) =>
    `"${name}" is in the ZIP file more than once (in different folders); keep one, or rename one.`,
  duplicateSkuInFile: 'Each SKU can be used once in a product.',
} as const;

export type RowError = { row: number; field: string; message: string };

/** One data row: its spreadsheet row number (the header is row 1) and its cells by column. */
export type CsvRow = { row: number; cells: Record<CsvColumn, string> };

/** The rows of one product_ref, in file order. */
export type CsvGroup = { ref: string; rows: CsvRow[] };

export type ReadResult = { rows: CsvRow[]; groups: CsvGroup[]; errors: RowError[] };

/** A cell that starts like a formula is written with a leading apostrophe (see `escapeCell`). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Spreadsheets run a cell starting with = + - @ as a formula: the export defuses them with a "'". */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The reverse of `escapeCell`, so an exported file reads back as it was. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

const blankCells = (): Record<CsvColumn, string> =>
  Object.fromEntries(CSV_COLUMNS.map((c) => [c, ''])) as Record<CsvColumn, string>;

/**
 * Reads the CSV text: the header row (column names, any order, case and spaces ignored), then one row per
 * variant, grouped by `product_ref` in order of first appearance. Blank lines are skipped but counted, so
 * row numbers are the spreadsheet's. Problems with the file itself are reported at row 1.
 */
export function readProductCsv(text: string): ReadResult {
  const errors: RowError[] = [];
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch {
    return { rows: [], groups: [], errors: [{ row: 1, field: '', message: IMPORT_MSG.unreadable }] };
  }
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase().replace(/\s+/g, '_'));
  const index = new Map<CsvColumn, number>();
  header.forEach((name, i) => {
    if (name === '') return;
    if (!(CSV_COLUMNS as readonly string[]).includes(name)) {
      errors.push({ row: 1, field: name, message: IMPORT_MSG.unknownColumn(name) });
      return;
    }
    if (index.has(name as CsvColumn)) {
      errors.push({ row: 1, field: name, message: IMPORT_MSG.duplicateColumn(name) });
      return;
    }
    index.set(name as CsvColumn, i);
  });
  if (!index.has('product_ref'))
    errors.push({ row: 1, field: 'product_ref', message: IMPORT_MSG.missingColumn('product_ref') });
  if (errors.length > 0) return { rows: [], groups: [], errors };

  const rows: CsvRow[] = [];
  records.slice(1).forEach((record, i) => {
    if (record.every((cell) => cell.trim() === '')) return;
    const cells = blankCells();
    for (const [column, at] of index) cells[column] = unescapeCell((record[at] ?? '').trim());
    rows.push({ row: i + 2, cells });
  });
  if (rows.length === 0) errors.push({ row: 1, field: '', message: IMPORT_MSG.noRows });
  if (rows.length > MAX_IMPORT_ROWS) errors.push({ row: 1, field: '', message: IMPORT_MSG.tooManyRows });
  if (errors.length > 0) return { rows: [], groups: [], errors };

  const byRef = new Map<string, CsvGroup>();
  for (const r of rows) {
    const ref = r.cells.product_ref;
    if (ref === '') {
      errors.push({ row: r.row, field: 'product_ref', message: IMPORT_MSG.refRequired });
      continue;
    }
    if (ref.length > 100) {
      errors.push({ row: r.row, field: 'product_ref', message: IMPORT_MSG.refTooLong });
      continue;
    }
    // An id is matched whatever its case; any other reference exactly.
    const key = isUuid(ref) ? ref.toLowerCase() : ref;
    const group = byRef.get(key);
    if (group) group.rows.push(r);
    else byRef.set(key, { ref: key, rows: [r] });
  }
  return { rows, groups: [...byRef.values()], errors };
}

// ——— Categories ———

const levelsOf = (c: CategoryLevels): string[] =>
  [c.category, c.subCategory, c.levelThreeCategory, c.levelFourCategory, c.levelFiveCategory].filter(
    (s): s is string => !!s,
  );

/** "Fashion & Accessories > Men Clothes > Kurtas": how the export writes a category. */
export const categoryPathText = (c: CategoryLevels): string => levelsOf(c).join(' > ');

/** The key a category path is looked up by: levels trimmed, lower case, spaces around ">" ignored. */
export const categoryPathKey = (text: string): string =>
  text
    .split('>')
    .map((s) => s.trim().toLowerCase().replace(/\s+/g, ' '))
    .filter((s) => s !== '')
    .join('>');

export type ImportCategory = CategoryLevels & { id: string };

// ——— Images ———

/** An image cell item: a link to one of the seller's uploads, or a file name in the ZIP. */
export type ImageRef = { kind: 'url'; url: string } | { kind: 'zip'; name: string };

/** Items separated by "|" (names may then contain spaces), else by spaces. */
export function splitImages(cell: string): string[] {
  const parts = cell.includes('|') ? cell.split('|') : cell.split(/\s+/);
  return parts.map((s) => s.trim()).filter((s) => s !== '');
}

/** What an item names: links start with /uploads/ (or a full https://host/uploads/… link). */
export function imageRefOf(item: string): ImageRef {
  const path = item.replace(/^https?:\/\/[^/]+(?=\/uploads\/)/i, '');
  return path.startsWith('/uploads/') ? { kind: 'url', url: path } : { kind: 'zip', name: item };
}

/** The base name of a ZIP entry, lower case: files are matched by name, whatever folder they are in. */
export const zipNameKey = (name: string): string => (name.split(/[\\/]/).pop() ?? name).trim().toLowerCase();

// ——— Checking a product ———

/** What is stored of an existing product of the seller, for updates and the export. */
export type ExistingProduct = {
  id: string;
  name: string;
  brand: string;
  currency: string;
  /** NUMERIC text, '499.00'. */
  price: string;
  description: string;
  categoryId: string;
  image: string[];
  createdAt: string | Date;
  updatedAt: string | Date;
  variants: {
    id: string;
    size: string;
    colour: string | null;
    sku: string;
    countInStock: number;
    price: string | null;
  }[];
};

/**
 * `keepStock`: the row leaves the stored variant's stock as it is at write time (a blank stock cell, or
 * the stock the export wrote, `stock_exported`, left unchanged): orders may have sold units meanwhile.
 */
export type ImportVariant = VariantInput & { row: number; id: string | null; keepStock: boolean };

/**
 * Whether a row keeps its stored variant's current stock: its stock cell is blank, or equals the
 * `stock_exported` cell (the stock when the file was exported: the seller did not change it). A row with
 * a different stock sets it, whatever orders did meanwhile (the seller's count wins).
 */
export function keepsStock(cells: Pick<Record<CsvColumn, string>, 'stock' | 'stock_exported'>): boolean {
  const stock = numberCell(cells.stock);
  if (stock === undefined) return true;
  const exported = numberCell(cells.stock_exported);
  return exported !== undefined && !Number.isNaN(stock) && stock === exported;
}

/** A product that passed every check, with what changes when it is written. */
export type CheckedProduct = {
  ref: string;
  rows: number[];
  /** The existing product this group updates, or null for a new one. */
  existingId: string | null;
  name: string;
  brand: string;
  categoryId: string;
  /** '499.00' */
  price: string;
  description: string;
  /** null: the images stay as they are (an update with a blank images column or the same links). */
  images: ImageRef[] | null;
  variants: ImportVariant[];
  /** For updates: whether the product row, its images or any variant differs from what is stored. */
  changed: { product: boolean; images: boolean; variants: boolean };
};

export type CheckContext = {
  /** The category a cell names (a full path or an id), or null when there is none. */
  category: (cell: string) => ImportCategory | null;
  /** The seller's product with this id, or null when the id is not one of theirs. */
  existing: (id: string) => ExistingProduct | null;
};

/** Which column a field of the product form's schema is written in. */
const FIELD_COLUMN: Record<string, CsvColumn> = {
  name: 'name',
  brand: 'brand',
  price: 'price',
  description: 'description',
  categoryId: 'category',
  countInStock: 'stock',
  sizes: 'size',
  image: 'images',
  size: 'size',
  colour: 'colour',
  sku: 'sku',
  variants: 'size',
};
const VARIANT_FIELD_COLUMN: Record<string, CsvColumn> = {
  size: 'size',
  colour: 'colour',
  sku: 'sku',
  countInStock: 'stock',
  price: 'variant_price',
};

/** A number cell: blank → undefined; "1,299.00" and "₹ 1299" read as 1299; anything else → NaN. */
export function numberCell(cell: string): number | undefined {
  const text = cell.replace(/^₹\s*/, '').replace(/,/g, '').trim();
  if (text === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

const sameMoney = (a: string | number | null, b: string | number | null) =>
  a === null || b === null ? a === b : tryParseMoney(a, 2) === tryParseMoney(b, 2);

/**
 * Checks one product's rows with the product form's schema (`productFields`, whose `variants` are
 * `variantInputSchema`s) and the rules the server applies on a save: the category's sizes and the edit
 * lock. For an update, a blank cell keeps the stored value (a blank product column, or a blank SKU, stock
 * or price of a variant already there); variants not in the file stay as they are. Errors name the row
 * and column with the form's own message.
 */
export function checkProduct(
  group: CsvGroup,
  ctx: CheckContext,
): { product: CheckedProduct | null; errors: RowError[] } {
  const errors: RowError[] = [];
  const first = group.rows[0]!;
  const at = (row: number, field: string, message: string) => errors.push({ row, field, message });

  // Product columns: the first non-blank value; later rows blank or the same.
  const value: Partial<Record<ProductColumn, { text: string; row: number }>> = {};
  for (const column of PRODUCT_COLUMNS) {
    for (const r of group.rows) {
      const text = r.cells[column];
      if (text === '') continue;
      const seen = value[column];
      if (!seen) value[column] = { text, row: r.row };
      else if (seen.text !== text) at(r.row, column, IMPORT_MSG.sameProductValue(column));
    }
  }
  const rowOf = (column: ProductColumn) => value[column]?.row ?? first.row;

  let existing: ExistingProduct | null = null;
  if (isUuid(group.ref)) {
    existing = ctx.existing(group.ref);
    if (!existing) {
      at(first.row, 'product_ref', IMPORT_MSG.notYourProduct);
      return { product: null, errors };
    }
  }

  // The category: named in the file, or the stored one.
  let category: ImportCategory | null = null;
  const categoryCell = value.category?.text;
  if (categoryCell !== undefined) {
    category = ctx.category(categoryCell);
    if (!category) at(rowOf('category'), 'category', IMPORT_MSG.category);
  } else if (existing) {
    category = ctx.category(existing.categoryId);
  } else {
    at(first.row, 'category', PRODUCT_MSG.category);
  }

  // Images: named in the file, or kept.
  let images: ImageRef[] | null = null;
  const imageCell = value.images?.text;
  if (imageCell !== undefined) {
    const items = splitImages(imageCell);
    images = items.map(imageRefOf);
    if (items.length > MAX_PRODUCT_IMAGES) at(rowOf('images'), 'images', PRODUCT_MSG.tooManyImages);
    for (const ref of images) {
      if (ref.kind === 'url' && !productImagePath.safeParse(ref.url).success)
        at(rowOf('images'), 'images', PRODUCT_MSG.imageLink);
    }
    const urls = images.map((i) => (i.kind === 'url' ? i.url : `zip:${i.name}`));
    if (new Set(urls).size !== urls.length) at(rowOf('images'), 'images', PRODUCT_MSG.imageLink);
    if (existing && urls.length === existing.image.length && urls.every((u, i) => u === existing.image[i]))
      images = null;
  } else if (!existing) {
    at(first.row, 'images', PRODUCT_MSG.image);
  }

  // Variants: each row, matched to a stored variant by size and colour on an update.
  const variants: ImportVariant[] = [];
  const bodies: Record<string, unknown>[] = [];
  const skuPrefix = existing ? existing.id.replace(/-/g, '').slice(0, 8) : group.ref;
  for (const r of group.rows) {
    const size = r.cells.size === '' ? NO_SIZE : r.cells.size;
    const colour = r.cells.colour === '' ? null : r.cells.colour;
    const stored = existing?.variants.find((v) => sameOption(v, { size, colour }));
    const keepStock = stored !== undefined && keepsStock(r.cells);
    const stock = keepStock ? stored.countInStock : numberCell(r.cells.stock);
    const price = numberCell(r.cells.variant_price);
    const sku = r.cells.sku || stored?.sku || skuFor(skuPrefix, { size, colour }).slice(0, 40);
    bodies.push({
      size,
      colour,
      sku,
      countInStock: stock,
      price: price ?? (stored && r.cells.variant_price === '' ? numberOrNull(stored.price) : null),
    });
    variants.push({
      row: r.row,
      id: stored?.id ?? null,
      size,
      colour,
      sku,
      countInStock: 0,
      price: null,
      keepStock,
    });
  }

  const name = value.name?.text ?? existing?.name;
  const brand = value.brand?.text ?? existing?.brand;
  const description = value.description?.text ?? existing?.description;
  const priceNumber =
    value.price !== undefined ? numberCell(value.price.text) : existing ? Number(existing.price) : undefined;
  const body = {
    name,
    price: priceNumber,
    currency: 'INR',
    brand,
    countInStock: 0,
    categoryId: category?.id ?? '00000000-0000-4000-8000-000000000000',
    sizes: [NO_SIZE],
    variants: bodies,
    description,
    image: [],
  };
  const parsed = productFields.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const [head, index, field] = issue.path;
      if (head === 'variants' && typeof index === 'number') {
        const row = group.rows[index]?.row ?? first.row;
        at(row, VARIANT_FIELD_COLUMN[String(field)] ?? 'size', issue.message);
      } else if (head === 'variants') {
        at(first.row, 'size', issue.message);
      } else {
        const column = FIELD_COLUMN[String(head)] ?? String(head);
        at(
          (PRODUCT_COLUMNS as readonly string[]).includes(column)
            ? rowOf(column as ProductColumn)
            : first.row,
          column,
          issue.message,
        );
      }
    }
  }

  // Sizes the category offers, in its spelling ("m" → "M"); N/A stands alone.
  if (category) {
    const options = sizeOptionsFor(category);
    const bySpelling = new Map(options.map((o) => [o.toUpperCase(), o]));
    const mixed =
      variants.some((v) => v.size.toUpperCase() === NO_SIZE) &&
      variants.some((v) => v.size.toUpperCase() !== NO_SIZE);
    variants.forEach((v, i) => {
      const option = bySpelling.get(v.size.trim().toUpperCase());
      if (!option || (mixed && option === NO_SIZE)) at(group.rows[i]!.row, 'size', PRODUCT_MSG.sizes);
      else v.size = option;
    });
  }

  if (errors.length > 0 || !parsed.success) return { product: null, errors: dedupe(errors) };
  const data = parsed.data;
  (data.variants ?? []).forEach((v, i) => {
    const target = variants[i]!;
    target.sku = v.sku;
    target.colour = v.colour;
    target.countInStock = v.countInStock;
    target.price = v.price === null ? null : v.price.toFixed(2);
  });

  const product: CheckedProduct = {
    ref: group.ref,
    rows: group.rows.map((r) => r.row),
    existingId: existing?.id ?? null,
    name: data.name,
    brand: data.brand,
    categoryId: data.categoryId,
    price: data.price.toFixed(2),
    description: data.description,
    images,
    variants,
    changed: { product: true, images: images !== null, variants: true },
  };

  if (existing) {
    // The edit lock: once updated, name, brand, category and images stay (currency is always INR).
    const refused: LockedProductField[] = lockViolations(existing, {
      name: product.name,
      brand: product.brand,
      categoryId: product.categoryId,
      ...(images !== null && { image: images.map((i) => (i.kind === 'url' ? i.url : `zip:${i.name}`)) }),
    });
    for (const field of refused) {
      const column = FIELD_COLUMN[field] as ProductColumn;
      at(rowOf(column), column, PRODUCT_MSG.lockedField);
    }
    if (errors.length > 0) return { product: null, errors };
    product.changed = {
      product:
        product.name !== existing.name ||
        product.brand !== existing.brand ||
        product.categoryId !== existing.categoryId ||
        product.description !== existing.description ||
        !sameMoney(product.price, existing.price),
      images: images !== null,
      variants: variants.some((v) => {
        const stored = existing.variants.find((s) => s.id === v.id);
        return (
          !stored ||
          stored.sku !== v.sku ||
          (!v.keepStock && stored.countInStock !== v.countInStock) ||
          !sameMoney(stored.price, v.price) ||
          stored.size !== v.size ||
          stored.colour !== v.colour
        );
      }),
    };
    // Stored variants the file leaves out keep their SKU: a new row may not take it.
    const fileIds = new Set(variants.map((v) => v.id));
    const kept = existing.variants.filter((s) => !fileIds.has(s.id));
    for (const v of variants) {
      if (kept.some((s) => s.sku.toLowerCase() === v.sku.toLowerCase()))
        at(v.row, 'sku', IMPORT_MSG.duplicateSkuInFile);
    }
    if (kept.length + variants.length > 100)
      at(first.row, 'size', 'A product can have at most 100 variants.');
    if (errors.length > 0) return { product: null, errors };
  }
  return { product, errors };
}

const numberOrNull = (s: string | null) => (s === null ? null : Number(s));

function dedupe(errors: RowError[]): RowError[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = `${e.row}|${e.field}|${e.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a checked product writes anything: always for a new one; for an update when something differs. */
export const writesSomething = (p: CheckedProduct): boolean =>
  p.existingId === null || p.changed.product || p.changed.images || p.changed.variants;

/** Errors sorted by row, then column order. */
export function sortErrors(errors: RowError[]): RowError[] {
  const col = (f: string) => {
    const i = (CSV_COLUMNS as readonly string[]).indexOf(f);
    return i < 0 ? -1 : i;
  };
  return [...errors].sort((a, b) => a.row - b.row || col(a.field) - col(b.field));
}

/** How the stock of a checked product adds up (the form's countInStock). */
export const stockOf = (p: CheckedProduct): number => totalStock(p.variants);
export const sizesOfProduct = (p: CheckedProduct): string[] => sizesOf(p.variants);

// ——— Export ———

export type ExportProduct = ExistingProduct & { categoryPath: string };

/**
 * The seller's catalogue as CSV: one row per variant, every product column repeated on each row (so the
 * rows can be sorted or filtered in a spreadsheet), `product_ref` the product's id, and `stock_exported`
 * the stock now. Importing it unchanged changes nothing, even after orders have sold units (see
 * `keepsStock`); changing a stock cell changes only that stock.
 */
export function exportProductsCsv(products: readonly ExportProduct[]): string {
  const records: string[][] = [[...CSV_COLUMNS]];
  for (const p of products) {
    for (const v of p.variants) {
      const cells: Record<CsvColumn, string> = {
        product_ref: p.id,
        name: p.name,
        brand: p.brand,
        category: p.categoryPath,
        price: p.price,
        description: p.description,
        size: v.size,
        colour: v.colour ?? '',
        sku: v.sku,
        stock: String(v.countInStock),
        stock_exported: String(v.countInStock),
        variant_price: v.price ?? '',
        images: p.image.join(' | '),
      };
      records.push(CSV_COLUMNS.map((c) => escapeCell(cells[c])));
    }
  }
  return stringify(records, { record_delimiter: '\r\n' });
}

/** A template: the header and a two-variant example product. */
export function templateCsv(): string {
  return stringify(
    [
      [...CSV_COLUMNS],
      [
        'KURTA-01',
        'Block Print Cotton Kurta',
        'Jaipur Looms',
        'Fashion & Accessories > Men Clothes > Ethnic Wear > Kurtas > Cotton Kurtas',
        '1299.00',
        'Hand block printed cotton kurta.',
        'M',
        'Indigo',
        'KURTA01-M-INDIGO',
        '10',
        '',
        '',
        'kurta-front.jpg | kurta-back.jpg',
      ],
      ['KURTA-01', '', '', '', '', '', 'L', 'Indigo', 'KURTA01-L-INDIGO', '8', '', '1349.00', ''],
    ],
    { record_delimiter: '\r\n' },
  );
}
