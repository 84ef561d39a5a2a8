import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas/product.ts';
import type { CartLine } from '#web/lib/cart/cart-store.ts';
import { qtyOptions, reconcileLine } from './reprice.ts';

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
    expect(r.notices).toEqual([{ kind: 'price', product: 'p1', name: 'Kurta', from: 1299, to: 1399 }]);
  });

  it('cuts a quantity above the stock left and says so', () => {
    const r = reconcileLine(line, product({ countInStock: 2 }));
    expect(r.line).toMatchObject({ qty: 2, countInStock: 2 });
    expect(r.notices).toEqual([{ kind: 'qty', product: 'p1', name: 'Kurta', from: 3, to: 2 }]);
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

describe('qtyOptions', () => {
  it('runs from 1 to the stock', () => {
    expect(qtyOptions({ qty: 1, countInStock: 3 })).toEqual([1, 2, 3]);
    expect(qtyOptions({ qty: 4, countInStock: 2 })).toEqual([1, 2, 3, 4]);
    expect(qtyOptions({ qty: 1, countInStock: 0 })).toEqual([1]);
  });
});
