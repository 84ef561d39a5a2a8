import { describe, expect, it } from 'vitest';
import type { Product, Variant } from '#shared/schemas/product.ts';
import type { CartLine } from '#web/lib/cart/cart-store.ts';
import { isBuyable, reconcileLine } from './reprice.ts';

const line: CartLine = {
  product: 'p1',
  name: 'Kurta',
  image: '/a-original.webp',
  price: 1299,
  currency: 'INR',
  countInStock: 40,
  categoryId: 'c1',
  qty: 3,
  size: 'M',
};

const product = (over: Partial<Product> = {}): Product => ({
  _id: 'p1',
  name: 'Kurta',
  image: ['/a-original.webp'],
  price: 1299,
  currency: 'INR',
  brand: 'B',
  countInStock: 40,
  categoryId: 'c1',
  category: {
    category: 'A',
    subCategory: 'B',
    levelThreeCategory: null,
    levelFourCategory: null,
    levelFiveCategory: null,
  },
  description: '',
  rating: 0,
  numReviews: 0,
  reviews: [],
  user: { _id: 'u', name: 'U' },
  shop: null,
  sizes: ['S', 'M'],
  variants: [],
  sizeChart: null,
  percentageMarkup: 0,
  status: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('reconcileLine', () => {
  it('returns the same line when nothing changed', () => {
    const r = reconcileLine(line, product());
    expect(r.line).toBe(line);
    expect(r.notices).toEqual([]);
    expect(r.check).toEqual({ state: 'ok' });
  });

  it('takes a changed price and says so', () => {
    const r = reconcileLine(line, product({ price: 1399 }));
    expect(r.line.price).toBe(1399);
    expect(r.notices).toEqual([
      { kind: 'price', product: 'p1', name: 'Kurta', variant: 'M', from: 1299, to: 1399 },
    ]);
  });

  it('cuts a quantity above the stock left and says so', () => {
    const r = reconcileLine(line, product({ countInStock: 2 }));
    expect(r.line).toMatchObject({ qty: 2, countInStock: 2 });
    expect(r.notices).toEqual([{ kind: 'qty', product: 'p1', name: 'Kurta', variant: 'M', from: 3, to: 2 }]);
  });

  it('cuts a quantity above the per-order limit and says so, after the stock', () => {
    const many = { ...line, qty: 14 };
    const r = reconcileLine(many, product({ countInStock: 12 }), 10);
    expect(r.line).toMatchObject({ qty: 10 });
    expect(r.notices).toEqual([
      { kind: 'qty', product: 'p1', name: 'Kurta', variant: 'M', from: 14, to: 12 },
      { kind: 'limit', product: 'p1', name: 'Kurta', variant: 'M', from: 12, to: 10 },
    ]);
    // Without a known limit (the server has not answered yet) nothing is cut for it.
    expect(reconcileLine(many, product({ countInStock: 20 })).line.qty).toBe(14);
  });

  it('flags a sold-out product without touching the quantity', () => {
    const r = reconcileLine(line, product({ countInStock: 0 }));
    expect(r.check).toEqual({ state: 'soldOut' });
    expect(r.line.qty).toBe(3);
  });

  it('flags an inactive product as unavailable', () => {
    expect(reconcileLine(line, product({ status: false })).check).toEqual({ state: 'unavailable' });
  });

  it('refreshes details silently and drops a size no longer offered', () => {
    const r = reconcileLine(line, product({ name: 'Cotton Kurta', sizes: ['L'] }));
    expect(r.notices).toEqual([]);
    expect(r.line.name).toBe('Cotton Kurta');
    expect(r.line).not.toHaveProperty('size');
  });
});

describe('reconcileLine with variants', () => {
  const variant = (over: Partial<Variant> & Pick<Variant, '_id' | 'size'>): Variant => ({
    colour: null,
    sku: `K-${over.size}`,
    countInStock: 10,
    price: null,
    ...over,
  });
  const withVariants = (...variants: Variant[]) =>
    product({ variants, sizes: [...new Set(variants.map((v) => v.size))] });
  const stock = withVariants(
    variant({ _id: 'v-s', size: 'S', countInStock: 40 }),
    variant({ _id: 'v-m', size: 'M', countInStock: 2 }),
    variant({ _id: 'v-l', size: 'L', countInStock: 0 }),
  );

  it('matches a line stored before variants by its size, taking the variant id silently', () => {
    const r = reconcileLine({ ...line, qty: 1 }, stock);
    expect(r.line).toMatchObject({ variant: 'v-m', size: 'M', countInStock: 2, qty: 1 });
    expect(r.notices).toEqual([]);
    expect(r.check).toEqual({ state: 'ok' });
  });

  it("cuts the quantity to the variant's stock, not the product's", () => {
    const r = reconcileLine({ ...line, variant: 'v-m' }, stock);
    expect(r.line.qty).toBe(2);
    expect(r.notices).toEqual([{ kind: 'qty', product: 'p1', name: 'Kurta', variant: 'M', from: 3, to: 2 }]);
  });

  it('says a sold-out variant is sold out while the product still has stock', () => {
    expect(reconcileLine({ ...line, size: 'L', variant: 'v-l' }, stock).check).toEqual({ state: 'soldOut' });
  });

  it('flags a size the product no longer has', () => {
    const r = reconcileLine({ ...line, size: 'XL' }, stock);
    expect(r.check).toEqual({ state: 'variantGone' });
    expect(isBuyable(r.check)).toBe(false);
    expect(r.line).toEqual({ ...line, size: 'XL' });
  });

  it("prices the line at the variant's own price, else the product's", () => {
    const p = withVariants(
      variant({ _id: 'v-m', size: 'M', price: 1499 }),
      variant({ _id: 'v-l', size: 'L' }),
    );
    const m = reconcileLine({ ...line, variant: 'v-m' }, p);
    expect(m.line.price).toBe(1499);
    expect(m.notices).toEqual([
      { kind: 'price', product: 'p1', name: 'Kurta', variant: 'M', from: 1299, to: 1499 },
    ]);
    expect(reconcileLine({ ...line, size: 'L' }, p).line.price).toBe(1299);
  });

  it('keeps the colour of the variant and names it in notices', () => {
    const p = withVariants(variant({ _id: 'v-mr', size: 'M', colour: 'Red', countInStock: 1 }));
    const r = reconcileLine({ ...line, variant: 'v-mr' }, p);
    expect(r.line).toMatchObject({ colour: 'Red', size: 'M', qty: 1 });
    expect(r.notices[0]).toMatchObject({ variant: 'M / Red' });
  });

  it('matches a one-size product by its only variant and stores no size', () => {
    const p = withVariants(variant({ _id: 'v-na', size: 'N/A', countInStock: 5 }));
    const plain: CartLine = { ...line, qty: 1 };
    delete plain.size;
    const r = reconcileLine(plain, p);
    expect(r.line).toMatchObject({ variant: 'v-na', countInStock: 5 });
    expect(r.line).not.toHaveProperty('size');
  });
});
