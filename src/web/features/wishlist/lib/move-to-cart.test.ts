import { describe, expect, it } from 'vitest';
import type { Product, Variant } from '#shared/schemas/product.ts';
import { canMove, cartLineFor, needsChoice, ONE_SIZE, variantChoices } from './move-to-cart.ts';

const variant = (over: Partial<Variant>): Variant => ({
  _id: 'v1',
  size: 'M',
  colour: null,
  sku: 'SKU-M',
  countInStock: 3,
  price: null,
  ...over,
});
const product = (variants: Variant[]) =>
  ({
    _id: 'p1',
    name: 'Silk Kurta',
    image: ['/uploads/p1/0-original.webp'],
    price: 499,
    currency: 'INR',
    categoryId: 'c1',
    variants,
  }) satisfies Partial<Product>;

describe('variantChoices', () => {
  it('names each variant, marks the sold-out ones and prices them', () => {
    const p = product([
      variant({ _id: 'a', size: 'S', colour: 'Red', countInStock: 0 }),
      variant({ _id: 'b', size: 'M', colour: 'Red', price: 549 }),
      variant({ _id: 'c', size: 'N/A', colour: null }),
    ]);
    expect(variantChoices(p).map(({ label, soldOut, price }) => ({ label, soldOut, price }))).toEqual([
      { label: 'S / Red', soldOut: true, price: 499 },
      { label: 'M / Red', soldOut: false, price: 549 },
      { label: ONE_SIZE, soldOut: false, price: 499 },
    ]);
  });
});

describe('needsChoice / canMove', () => {
  it('asks only when there is more than one variant', () => {
    expect(needsChoice(product([variant({})]))).toBe(false);
    expect(needsChoice(product([variant({}), variant({ _id: 'v2', size: 'L' })]))).toBe(true);
  });

  it('can move only what has stock somewhere', () => {
    expect(canMove(product([variant({ countInStock: 0 })]))).toBe(false);
    expect(canMove(product([variant({ countInStock: 0 }), variant({ _id: 'v2', countInStock: 1 })]))).toBe(
      true,
    );
  });
});

describe('cartLineFor', () => {
  it('adds one unit of the variant with its id, size, colour, price and stock', () => {
    const p = product([]);
    expect(
      cartLineFor(p, variant({ _id: 'v9', size: 'L', colour: 'Blue', price: 599, countInStock: 2 })),
    ).toEqual({
      product: 'p1',
      name: 'Silk Kurta',
      image: '/uploads/p1/0-original.webp',
      price: 599,
      currency: 'INR',
      countInStock: 2,
      categoryId: 'c1',
      qty: 1,
      size: 'L',
      variant: 'v9',
      colour: 'Blue',
    });
  });

  it('leaves out the one size and a missing colour, and uses the product price', () => {
    const line = cartLineFor(product([]), variant({ size: 'N/A' }));
    expect(line).not.toHaveProperty('size');
    expect(line).not.toHaveProperty('colour');
    expect(line.price).toBe(499);
  });

  it('keeps the quantity of that variant already in the cart (within its stock)', () => {
    const p = product([]);
    const v = variant({ _id: 'v1', countInStock: 3 });
    const inCart = { ...cartLineFor(p, v), qty: 2 };
    expect(cartLineFor(p, v, [inCart]).qty).toBe(2);
    expect(cartLineFor(p, variant({ _id: 'v1', countInStock: 1 }), [inCart]).qty).toBe(1);
    // Another size of the same product is another line.
    expect(cartLineFor(p, variant({ _id: 'v2', size: 'L' }), [inCart]).qty).toBe(1);
  });
});
