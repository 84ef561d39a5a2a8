import { describe, expect, it } from 'vitest';
import type { CartLine } from './cart-store.ts';
import {
  forgetOrder,
  MAX_CART_ORDERS,
  orderedLinesOf,
  parseCartOrders,
  rememberOrder,
  removeOrderedLines,
} from './ordered-lines.ts';

const line = (product: string, qty: number, extra: Partial<CartLine> = {}): CartLine => ({
  product,
  name: product,
  image: '',
  price: 100,
  currency: 'INR',
  countInStock: 50,
  categoryId: 'c',
  qty,
  ...extra,
});

describe('removeOrderedLines: a paid order takes its lines out of the cart', () => {
  it('removes exactly the lines an order placed from the whole cart took', () => {
    const cart = [line('a', 1), line('b', 2, { variant: 'b-m', size: 'M' })];
    expect(removeOrderedLines(cart, orderedLinesOf(cart))).toEqual([]);
  });

  it('leaves lines added after the order was placed', () => {
    const placed = [line('a', 1)];
    const ordered = orderedLinesOf(placed);
    const cart = [line('a', 1), line('c', 3)];
    expect(removeOrderedLines(cart, ordered)).toEqual([line('c', 3)]);
  });

  it('a line whose quantity went up since keeps the difference', () => {
    const ordered = orderedLinesOf([line('a', 2)]);
    expect(removeOrderedLines([line('a', 5)], ordered)).toEqual([line('a', 3)]);
  });

  it('a line whose quantity went down since, or that was removed, is gone or left alone', () => {
    const ordered = orderedLinesOf([line('a', 3), line('b', 1)]);
    expect(removeOrderedLines([line('a', 1)], ordered)).toEqual([]);
    expect(removeOrderedLines([line('c', 1)], ordered)).toEqual([line('c', 1)]);
  });

  it('matches by variant: another size of the same product stays', () => {
    const ordered = orderedLinesOf([line('k', 1, { variant: 'k-m', size: 'M' })]);
    const cart = [line('k', 1, { variant: 'k-l', size: 'L' }), line('k', 1, { variant: 'k-m', size: 'M' })];
    expect(removeOrderedLines(cart, ordered)).toEqual([line('k', 1, { variant: 'k-l', size: 'L' })]);
  });

  it('a line stored before variants matches the ordered variant by size and colour', () => {
    const ordered = orderedLinesOf([line('k', 1, { variant: 'k-m', size: 'M', colour: 'Red' })]);
    expect(removeOrderedLines([line('k', 2, { size: 'M', colour: 'red' })], ordered)).toEqual([
      line('k', 1, { size: 'M', colour: 'red' }),
    ]);
  });

  it("paying a Buy Now order whose product isn't in the cart leaves the cart unchanged", () => {
    const cart = [line('a', 1), line('b', 2)];
    const buyNow = [{ product: 'z', qty: 1 }];
    const after = removeOrderedLines(cart, buyNow);
    expect(after).toEqual(cart);
    expect(removeOrderedLines(cart, [])).toEqual(cart); // no lines remembered at all: nothing moves
  });

  it('keeps the cart order and does not change the lines it was given', () => {
    const cart = [line('a', 1), line('b', 2), line('c', 1)];
    const copy = structuredClone(cart);
    expect(removeOrderedLines(cart, [{ product: 'b', qty: 1 }])).toEqual([
      line('a', 1),
      line('b', 1),
      line('c', 1),
    ]);
    expect(cart).toEqual(copy);
  });
});

describe('remembered orders', () => {
  it('remembers, replaces and forgets an order’s lines', () => {
    let orders = rememberOrder({}, 'o1', [{ product: 'a', qty: 1 }]);
    orders = rememberOrder(orders, 'o2', [{ product: 'b', qty: 2, variant: 'b-m' }]);
    expect(Object.keys(orders)).toEqual(['o1', 'o2']);
    orders = rememberOrder(orders, 'o1', [{ product: 'c', qty: 1 }]);
    expect(orders.o1).toEqual([{ product: 'c', qty: 1 }]);
    expect(Object.keys(forgetOrder(orders, 'o1'))).toEqual(['o2']);
    expect(rememberOrder({}, 'o3', [])).toEqual({});
  });

  it(`keeps the newest ${MAX_CART_ORDERS} orders`, () => {
    let orders = {};
    for (let i = 0; i < MAX_CART_ORDERS + 5; i++)
      orders = rememberOrder(orders, `o${i}`, [{ product: 'a', qty: 1 }]);
    const ids = Object.keys(orders);
    expect(ids).toHaveLength(MAX_CART_ORDERS);
    expect(ids[0]).toBe('o5');
  });

  it('parses stored data, dropping what makes no sense', () => {
    expect(parseCartOrders(null)).toEqual({});
    expect(parseCartOrders([1])).toEqual({});
    expect(
      parseCartOrders({
        o1: [
          { product: 'a', qty: 2, size: 'M', variant: '' },
          { product: '', qty: 1 },
          { product: 'b', qty: 0 },
        ],
        o2: 'x',
        o3: [{ product: 'c', qty: 1.5 }],
      }),
    ).toEqual({ o1: [{ product: 'a', qty: 2, size: 'M' }] });
  });
});
