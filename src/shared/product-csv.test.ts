import { describe, expect, it } from 'vitest';
import { PRODUCT_MSG, VARIANT_MSG } from './schemas/product-form.ts';
import {
  CSV_COLUMNS,
  IMPORT_MSG,
  categoryPathKey,
  checkProduct,
  escapeCell,
  exportProductsCsv,
  imageRefOf,
  keepsStock,
  numberCell,
  readProductCsv,
  splitImages,
  templateCsv,
  unescapeCell,
  writesSomething,
  type CheckContext,
  type ExistingProduct,
  type ImportCategory,
} from './product-csv.ts';

const kurtas: ImportCategory = {
  id: '11111111-1111-4111-8111-111111111111',
  category: 'Fashion & Accessories',
  subCategory: 'Men Clothes',
  levelThreeCategory: 'Kurtas',
};
const books: ImportCategory = {
  id: '22222222-2222-4222-8222-222222222222',
  category: 'Books',
  subCategory: 'Fiction',
};
const cottonKurtas: ImportCategory = {
  id: '44444444-4444-4444-8444-444444444444',
  category: 'Fashion & Accessories',
  subCategory: 'Men Clothes',
  levelThreeCategory: 'Ethnic Wear',
  levelFourCategory: 'Kurtas',
  levelFiveCategory: 'Cotton Kurtas',
};
const categories = [kurtas, books, cottonKurtas];
const PATH = 'Fashion & Accessories > Men Clothes > Kurtas';

const csv = (...lines: string[]) => [CSV_COLUMNS.join(','), ...lines].join('\n');
const row = (cells: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) =>
  CSV_COLUMNS.map((c) => {
    const v = cells[c] ?? '';
    return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(',');

const newKurta = (extra: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {}) =>
  row({
    product_ref: 'K1',
    name: 'Block Print Kurta',
    brand: 'Jaipur Looms',
    category: PATH,
    price: '1299',
    description: 'Cotton.',
    size: 'M',
    colour: 'Indigo',
    sku: 'K1-M',
    stock: '5',
    images: 'front.jpg',
    ...extra,
  });

function context(existing: ExistingProduct[] = []): CheckContext {
  return {
    category: (cell) =>
      categories.find((c) => c.id === cell || categoryPathKey(cell) === categoryPathKey(pathOf(c))) ?? null,
    existing: (id) => existing.find((p) => p.id === id) ?? null,
  };
}
const pathOf = (c: ImportCategory) =>
  [c.category, c.subCategory, c.levelThreeCategory, c.levelFourCategory, c.levelFiveCategory]
    .filter(Boolean)
    .join(' > ');

function checkAll(text: string, existing: ExistingProduct[] = []) {
  const read = readProductCsv(text);
  const results = read.groups.map((g) => checkProduct(g, context(existing)));
  return {
    read,
    products: results.flatMap((r) => (r.product ? [r.product] : [])),
    errors: [...read.errors, ...results.flatMap((r) => r.errors)],
  };
}

describe('reading the file', () => {
  it('groups rows by product_ref, row numbers as in a spreadsheet', () => {
    const { read } = checkAll(
      csv(newKurta(), '', newKurta({ size: 'L', sku: 'K1-L' }), newKurta({ product_ref: 'K2' })),
    );
    expect(read.errors).toEqual([]);
    expect(read.groups.map((g) => [g.ref, g.rows.map((r) => r.row)])).toEqual([
      ['K1', [2, 4]],
      ['K2', [5]],
    ]);
  });

  it('reports unknown and missing columns at row 1', () => {
    expect(readProductCsv('name,stok\nA,1').errors).toEqual([
      { row: 1, field: 'stok', message: IMPORT_MSG.unknownColumn('stok') },
      { row: 1, field: 'product_ref', message: IMPORT_MSG.missingColumn('product_ref') },
    ]);
    expect(readProductCsv(CSV_COLUMNS.join(',')).errors).toEqual([
      { row: 1, field: '', message: IMPORT_MSG.noRows },
    ]);
  });

  it('accepts a byte-order mark, any column order and header case', () => {
    const read = readProductCsv('\uFEFFStock,Product Ref,size\n3,A,M\n');
    expect(read.errors).toEqual([]);
    expect(read.rows[0]?.cells).toMatchObject({ product_ref: 'A', stock: '3', size: 'M' });
  });

  it('reads numbers written the Indian way, and refuses words', () => {
    expect(numberCell('1,29,999.50')).toBe(129999.5);
    expect(numberCell('₹ 499')).toBe(499);
    expect(numberCell('')).toBeUndefined();
    expect(numberCell('ten')).toBeNaN();
  });

  it('splits image cells on | or spaces and tells links from ZIP names', () => {
    expect(splitImages('a.jpg b.jpg')).toEqual(['a.jpg', 'b.jpg']);
    expect(splitImages('my front.jpg | back.jpg')).toEqual(['my front.jpg', 'back.jpg']);
    expect(imageRefOf('https://haat.example/uploads/products/x/1-original.webp')).toEqual({
      kind: 'url',
      url: '/uploads/products/x/1-original.webp',
    });
    expect(imageRefOf('front.jpg')).toEqual({ kind: 'zip', name: 'front.jpg' });
  });

  it('defuses formulas in the export and reads them back unchanged', () => {
    expect(escapeCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(unescapeCell(escapeCell('- soft cotton'))).toBe('- soft cotton');
    expect(unescapeCell("'quoted")).toBe("'quoted");
  });
});

describe('checking products with the form’s messages', () => {
  it('a valid new product with two variants', () => {
    const { products, errors } = checkAll(
      csv(newKurta(), newKurta({ size: 'l', sku: '', stock: '3', variant_price: '1349.5', name: '' })),
    );
    expect(errors).toEqual([]);
    expect(products).toHaveLength(1);
    const p = products[0]!;
    expect(p).toMatchObject({ existingId: null, price: '1299.00', categoryId: kurtas.id });
    expect(p.images).toEqual([{ kind: 'zip', name: 'front.jpg' }]);
    expect(p.variants.map((v) => [v.row, v.size, v.colour, v.sku, v.countInStock, v.price])).toEqual([
      [2, 'M', 'Indigo', 'K1-M', 5, null],
      [3, 'L', 'Indigo', 'K1-L-INDIGO', 3, '1349.50'],
    ]);
    expect(writesSomething(p)).toBe(true);
  });

  it('names the row and column of each problem with the product form’s message', () => {
    const later = { name: '', brand: '', category: '', price: '', description: '', images: '' };
    const { errors } = checkAll(
      csv(
        newKurta({ name: '', price: '-1' }),
        newKurta({ ...later, size: 'XS', sku: 'K1-XS', stock: '1.5' }),
        newKurta({ ...later, size: 'L', sku: 'bad sku!', stock: '' }),
        newKurta({ ...later, price: '999' }),
        newKurta({ product_ref: 'K2', category: 'Nowhere > Else' }),
        newKurta({ product_ref: 'K3', sku: 'K3-M' }),
        newKurta({ product_ref: 'K3', sku: 'K3-M2' }),
      ),
    );
    expect(errors).toEqual([
      { row: 5, field: 'price', message: IMPORT_MSG.sameProductValue('price') },
      { row: 2, field: 'name', message: PRODUCT_MSG.name },
      { row: 2, field: 'price', message: PRODUCT_MSG.price },
      { row: 3, field: 'stock', message: PRODUCT_MSG.stockWhole },
      { row: 4, field: 'sku', message: VARIANT_MSG.sku },
      { row: 4, field: 'stock', message: PRODUCT_MSG.countInStock },
      { row: 3, field: 'size', message: PRODUCT_MSG.sizes },
      { row: 6, field: 'category', message: IMPORT_MSG.category },
      { row: 8, field: 'size', message: VARIANT_MSG.duplicate },
    ]);
  });

  it('a new product needs images and a category; books take N/A only', () => {
    const { errors } = checkAll(
      csv(
        newKurta({ images: '', category: '' }),
        newKurta({ product_ref: 'B', category: books.id, size: 'M' }),
      ),
    );
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 2, field: 'images', message: PRODUCT_MSG.image },
        { row: 2, field: 'category', message: PRODUCT_MSG.category },
        { row: 3, field: 'size', message: PRODUCT_MSG.sizes },
      ]),
    );
    expect(checkAll(csv(newKurta({ category: books.id, size: '', colour: '' }))).errors).toEqual([]);
  });

  it('refuses more than 8 images and bad links', () => {
    const many = Array.from({ length: 9 }, (_, i) => `${i}.jpg`).join(' ');
    expect(checkAll(csv(newKurta({ images: many }))).errors).toEqual([
      { row: 2, field: 'images', message: PRODUCT_MSG.tooManyImages },
    ]);
    expect(checkAll(csv(newKurta({ images: '/uploads/kyc/secret.pdf' }))).errors).toEqual([
      { row: 2, field: 'images', message: PRODUCT_MSG.imageLink },
    ]);
  });
});

const ID = '33333333-3333-4333-8333-333333333333';
const stored = (over: Partial<ExistingProduct> = {}): ExistingProduct => ({
  id: ID,
  name: 'Block Print Kurta',
  brand: 'Jaipur Looms',
  currency: 'INR',
  price: '1299.00',
  description: 'Cotton, "soft".\nSecond line',
  categoryId: kurtas.id,
  image: [`/uploads/products/${ID}/a-original.webp`],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
  variants: [
    { id: 'v1', size: 'M', colour: 'Indigo', sku: 'K-M', countInStock: 4, price: null },
    { id: 'v2', size: 'L', colour: null, sku: 'K-L', countInStock: 0, price: '1349.00' },
  ],
  ...over,
});

describe('updates and the export', () => {
  it('an exported catalogue reads back with no change', () => {
    const text = exportProductsCsv([{ ...stored(), categoryPath: PATH }]);
    const { products, errors } = checkAll(text, [stored()]);
    expect(errors).toEqual([]);
    expect(products).toHaveLength(1);
    expect(writesSomething(products[0]!)).toBe(false);
  });

  it('an edited stock changes only the variants', () => {
    const text = exportProductsCsv([{ ...stored(), categoryPath: PATH }]).replace(',K-L,0,', ',K-L,7,');
    const { products, errors } = checkAll(text, [stored()]);
    expect(errors).toEqual([]);
    expect(products[0]!.changed).toEqual({ product: false, images: false, variants: true });
    expect(products[0]!.variants.find((v) => v.id === 'v2')?.countInStock).toBe(7);
  });

  it('an old export whose stock orders have since lowered is no change: the stock is kept, not reset', () => {
    const text = exportProductsCsv([{ ...stored(), categoryPath: PATH }]);
    const sold = stored();
    sold.variants = sold.variants.map((v) => ({ ...v, countInStock: Math.max(0, v.countInStock - 1) }));
    const { products, errors } = checkAll(text, [sold]);
    expect(errors).toEqual([]);
    expect(writesSomething(products[0]!)).toBe(false);
    expect(products[0]!.variants.every((v) => v.keepStock)).toBe(true);
  });

  it('a row keeps the stock when its stock is blank or as exported, and sets it otherwise', () => {
    expect(keepsStock({ stock: '', stock_exported: '' })).toBe(true);
    expect(keepsStock({ stock: '', stock_exported: '5' })).toBe(true);
    expect(keepsStock({ stock: '5', stock_exported: '5' })).toBe(true);
    expect(keepsStock({ stock: '1,000', stock_exported: '1000' })).toBe(true);
    expect(keepsStock({ stock: '6', stock_exported: '5' })).toBe(false);
    expect(keepsStock({ stock: '5', stock_exported: '' })).toBe(false);
    expect(keepsStock({ stock: 'x', stock_exported: 'x' })).toBe(false);
  });

  it('blank cells keep what is stored; a locked name cannot change', () => {
    const { products } = checkAll(csv(row({ product_ref: ID, size: 'M', colour: 'Indigo', stock: '9' })), [
      stored(),
    ]);
    expect(products[0]).toMatchObject({ name: 'Block Print Kurta', images: null });
    expect(products[0]!.variants).toMatchObject([{ id: 'v1', sku: 'K-M', countInStock: 9 }]);

    const locked = checkAll(
      csv(row({ product_ref: ID, name: 'Another Name', size: 'M', colour: 'Indigo' })),
      [stored()],
    );
    expect(locked.errors).toEqual([{ row: 2, field: 'name', message: PRODUCT_MSG.lockedField }]);
    const unlocked = checkAll(
      csv(row({ product_ref: ID, name: 'Another Name', size: 'M', colour: 'Indigo' })),
      [stored({ updatedAt: '2026-01-01T00:00:00.000Z' })],
    );
    expect(unlocked.errors).toEqual([]);
  });

  it('an id that is not one of the seller’s products is refused', () => {
    const { errors } = checkAll(csv(newKurta({ product_ref: ID })), []);
    expect(errors).toEqual([{ row: 2, field: 'product_ref', message: IMPORT_MSG.notYourProduct }]);
  });

  it('the template reads without errors but for its ZIP names', () => {
    const read = readProductCsv(templateCsv());
    expect(read.errors).toEqual([]);
    expect(read.rows.map((r) => [r.cells.stock, r.cells.stock_exported, r.cells.variant_price])).toEqual([
      ['10', '', ''],
      ['8', '', '1349.00'],
    ]);
    expect(read.groups).toHaveLength(1);
    expect(checkProduct(read.groups[0]!, context()).errors).toEqual([]);
  });
});
