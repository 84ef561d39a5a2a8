import { describe, expect, it } from 'vitest';
import { sameOption, variantLabel } from '#shared/variants.ts';
import {
  addLine,
  lineKey,
  lineLabel,
  parseCart,
  removeLine,
  sameLine,
  totalQty,
  variantOfLine,
  type CartLine,
} from './cart-store.ts';

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

const sized = (product: string, size: string, variant?: string, qty = 1): CartLine => ({
  ...line(product, qty),
  size,
  ...(variant ? { variant } : {}),
});

describe('cart store', () => {
  it('appends a new product', () => {
    expect(addLine([line('a')], line('b')).map((l) => l.product)).toEqual(['a', 'b']);
  });

  it('replaces the line of a product already in the cart, keeping its place', () => {
    const cart = addLine([line('a', 1), line('b', 1)], line('a', 3, 90));
    expect(cart).toEqual([line('a', 3, 90), line('b', 1)]);
  });

  it('removes by line key and leaves the others', () => {
    expect(removeLine([line('a'), line('b')], lineKey(line('a')))).toEqual([line('b')]);
    expect(removeLine([line('a')], 'missing')).toEqual([line('a')]);
  });

  it('totals the quantity across lines', () => {
    expect(totalQty([])).toBe(0);
    expect(totalQty([line('a', 2), line('b', 3)])).toBe(5);
  });

  it('keeps the chosen size, variant and colour of a line, and drops blank ones', () => {
    const full = { ...line('a'), size: 'M', variant: 'v-m-red', colour: 'Red' };
    expect(parseCart([full])).toEqual([full]);
    expect(parseCart([{ ...line('a'), size: ' ', variant: '', colour: ' ' }])).toEqual([line('a')]);
    expect(parseCart([{ ...line('a'), size: 7, variant: 3, colour: null }])).toEqual([line('a')]);
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

describe('cart lines are keyed by product and variant', () => {
  it('adding the same product in another size gives a second line (it used to replace the first)', () => {
    const cart = addLine([sized('kurta', 'M', 'v-m')], sized('kurta', 'L', 'v-l'));
    expect(cart.map((l) => [l.size, l.variant])).toEqual([
      ['M', 'v-m'],
      ['L', 'v-l'],
    ]);
    expect(totalQty(cart)).toBe(2);
  });

  it('adding the same variant again replaces its line', () => {
    const cart = addLine(
      [sized('kurta', 'M', 'v-m'), sized('kurta', 'L', 'v-l')],
      sized('kurta', 'M', 'v-m', 4),
    );
    expect(cart.map((l) => [l.size, l.qty])).toEqual([
      ['M', 4],
      ['L', 1],
    ]);
  });

  it('tells colours of one size apart', () => {
    const red = { ...sized('kurta', 'M'), colour: 'Red' };
    const blue = { ...sized('kurta', 'M'), colour: 'Blue' };
    expect(addLine([red], blue)).toHaveLength(2);
    expect(sameLine(red, { ...red, colour: ' red ' })).toBe(true);
  });

  it('gives each variant its own key, so removing one keeps the other', () => {
    const m = sized('kurta', 'M', 'v-m');
    const l = sized('kurta', 'L', 'v-l');
    expect(lineKey(m)).not.toBe(lineKey(l));
    expect(removeLine([m, l], lineKey(m))).toEqual([l]);
  });

  it('names the variant: size, colour, both, or nothing for one size', () => {
    expect(lineLabel({ size: 'M', colour: 'Red' })).toBe('M / Red');
    expect(lineLabel({ size: 'M' })).toBe('M');
    expect(lineLabel({ colour: 'Red' })).toBe('Red');
    expect(lineLabel({})).toBe('');
    expect(lineLabel({ size: 'N/A' })).toBe('');
  });

  it('restates the shared option rules exactly (kept out of the first page for zod)', () => {
    const options = [
      { size: 'M', colour: 'Red' },
      { size: ' m ', colour: 'RED' },
      { size: 'M', colour: null },
      { size: 'N/A', colour: null },
      { size: 'N/A', colour: 'Blue' },
    ];
    for (const a of options) {
      expect(lineLabel(a.colour ? { size: a.size, colour: a.colour } : { size: a.size })).toBe(
        variantLabel(a),
      );
      for (const b of options) {
        const la = { ...line('p'), size: a.size, ...(a.colour ? { colour: a.colour } : {}) };
        const lb = { ...line('p'), size: b.size, ...(b.colour ? { colour: b.colour } : {}) };
        expect(sameLine(la, lb)).toBe(sameOption(a, b));
      }
    }
  });
});

describe('carts stored before variants', () => {
  const variants = [
    { _id: 'v-s', size: 'S', colour: null },
    { _id: 'v-m', size: 'M', colour: null },
    { _id: 'v-l', size: 'L', colour: null },
  ];

  it('still parse: a line with a size only', () => {
    const stored = JSON.parse(JSON.stringify([{ ...line('kurta'), size: 'M' }])) as unknown;
    expect(parseCart(stored)).toEqual([{ ...line('kurta'), size: 'M' }]);
  });

  it('are matched to a variant by size, or to the only variant when they name no size', () => {
    expect(variantOfLine({ size: 'M' }, variants)?._id).toBe('v-m');
    expect(variantOfLine({ size: 'm' }, variants)?._id).toBe('v-m');
    expect(variantOfLine({ size: 'XL' }, variants)).toBeUndefined();
    expect(variantOfLine({}, [{ _id: 'v-na', size: 'N/A', colour: null }])?._id).toBe('v-na');
    expect(variantOfLine({}, variants)).toBeUndefined();
  });

  it('prefer the variant id, and fall back to the size when the id is unknown', () => {
    expect(variantOfLine({ variant: 'v-l', size: 'M' }, variants)?._id).toBe('v-l');
    expect(variantOfLine({ variant: 'gone', size: 'S' }, variants)?._id).toBe('v-s');
  });

  it('merge with a new line for the same size once it learns its variant', () => {
    const old = sized('kurta', 'M');
    const learnt = sized('kurta', 'M', 'v-m', 2);
    expect(addLine([old, sized('kurta', 'L', 'v-l')], learnt)).toEqual([learnt, sized('kurta', 'L', 'v-l')]);
    // Both an old copy and a new one in the cart: the refreshed line keeps one place.
    expect(addLine([old, learnt], { ...learnt, qty: 3 })).toEqual([{ ...learnt, qty: 3 }]);
  });
});
