import { describe, expect, it } from 'vitest';
import { addLine, parseCart, removeLine, totalQty, type CartLine } from './cart-store.ts';

const line = (product: string, qty = 1, price = 100): CartLine => ({
  product,
  name: `Product ${product}`,
  image: `/uploads/${product}.webp`,
  price,
  currency: 'INR',
  countInStock: 10,
  categoryId: 'cat-1',
  qty,
});

describe('cart store', () => {
  it('appends a new product', () => {
    expect(addLine([line('a')], line('b')).map((l) => l.product)).toEqual(['a', 'b']);
  });

  it('replaces the line of a product already in the cart, keeping its place', () => {
    const cart = addLine([line('a', 1), line('b', 1)], line('a', 3, 90));
    expect(cart).toEqual([line('a', 3, 90), line('b', 1)]);
  });

  it('removes by product and leaves the others', () => {
    expect(removeLine([line('a'), line('b')], 'a')).toEqual([line('b')]);
    expect(removeLine([line('a')], 'missing')).toEqual([line('a')]);
  });

  it('totals the quantity across lines', () => {
    expect(totalQty([])).toBe(0);
    expect(totalQty([line('a', 2), line('b', 3)])).toBe(5);
  });

  it('keeps the chosen size of a line, and drops a blank one', () => {
    expect(parseCart([{ ...line('a'), size: 'M' }])).toEqual([{ ...line('a'), size: 'M' }]);
    expect(parseCart([{ ...line('a'), size: ' ' }])).toEqual([line('a')]);
    expect(parseCart([{ ...line('a'), size: 7 }])).toEqual([line('a')]);
  });

  it('keeps only valid, distinct lines from storage', () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart({ a: 1 })).toEqual([]);
    expect(parseCart([line('a'), { product: 'x' }, line('a', 5), line('b', 0), line('c', 2)])).toEqual([
      line('a'),
      line('c', 2),
    ]);
  });
});
