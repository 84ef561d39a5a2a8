import { describe, expect, it } from 'vitest';
import {
  choose,
  chosenVariant,
  colourStates,
  initialPick,
  pickableVariants,
  pickOptions,
  pricesVary,
  sizeStates,
  variantPrice,
  type PickableVariant,
} from './variant-pick.ts';

const v = (
  _id: string,
  size: string,
  colour: string | null,
  countInStock: number,
  price: number | null = null,
): PickableVariant => ({ _id, size, colour, countInStock, price });

const kurta = [v('s', 'S', null, 4), v('m', 'M', null, 0), v('l', 'L', null, 12, 1499)];
const shirt = [
  v('m-red', 'M', 'Red', 3),
  v('m-blue', 'M', 'Blue', 0),
  v('l-red', 'L', 'Red', 8),
  // No L in Blue at all.
];

describe('product page variant choice', () => {
  it('lists real sizes and colours in variant order', () => {
    expect(pickOptions(kurta)).toEqual({ sizes: ['S', 'M', 'L'], colours: [] });
    expect(pickOptions(shirt)).toEqual({ sizes: ['M', 'L'], colours: ['Red', 'Blue'] });
    expect(pickOptions([v('na', 'N/A', null, 3)])).toEqual({ sizes: [], colours: [] });
  });

  it('flags sold-out and low-stock sizes', () => {
    expect(sizeStates(kurta, null)).toEqual([
      { value: 'S', level: 'low', stock: 4 },
      { value: 'M', level: 'out', stock: 0 },
      { value: 'L', level: 'in', stock: 12 },
    ]);
  });

  it('marks a size × colour that does not exist as missing and a sold-out one as out', () => {
    expect(sizeStates(shirt, 'Blue').map((s) => s.level)).toEqual(['out', 'missing']);
    expect(colourStates(shirt, 'L').map((s) => s.level)).toEqual(['in', 'missing']);
    expect(colourStates(shirt, null).map((s) => s.level)).toEqual(['in', 'out']);
  });

  it('names a variant only once size and colour are both chosen', () => {
    expect(chosenVariant(shirt, { size: 'M', colour: null })).toBeUndefined();
    expect(chosenVariant(shirt, { size: 'M', colour: 'Red' })?._id).toBe('m-red');
    expect(chosenVariant(kurta, { size: 'L', colour: null })?._id).toBe('l');
    expect(chosenVariant([v('na', 'N/A', null, 3)], { size: null, colour: null })?._id).toBe('na');
  });

  it('clears the other choice when the new one makes the pair unbuyable', () => {
    expect(choose(shirt, { size: 'L', colour: 'Red' }, { colour: 'Blue' })).toEqual({
      size: null,
      colour: 'Blue',
    });
    expect(choose(shirt, { size: 'M', colour: 'Red' }, { size: 'L' })).toEqual({ size: 'L', colour: 'Red' });
  });

  it('starts from the variant in the cart, else with nothing but a lone colour chosen', () => {
    expect(initialPick(kurta, { variant: 'l', size: 'L' })).toEqual({ size: 'L', colour: null });
    expect(initialPick(kurta, { size: 'S' })).toEqual({ size: 'S', colour: null });
    // In the cart but sold out since: nothing chosen.
    expect(initialPick(kurta, { variant: 'm' })).toEqual({ size: null, colour: null });
    expect(initialPick([v('a', 'M', 'Red', 1), v('b', 'L', 'Red', 1)], undefined)).toEqual({
      size: null,
      colour: 'Red',
    });
  });

  it("prices a variant at its own price, else the product's", () => {
    expect(variantPrice({ price: 999 }, kurta[2])).toBe(1499);
    expect(variantPrice({ price: 999 }, kurta[0])).toBe(999);
    expect(variantPrice({ price: 999 }, undefined)).toBe(999);
    expect(pricesVary({ price: 999 }, kurta)).toBe(true);
    expect(pricesVary({ price: 999 }, shirt)).toBe(false);
  });

  it('reads an answer without variants as one variant per size with the product stock', () => {
    expect(pickableVariants({ sizes: ['S', 'M'], countInStock: 3 })).toEqual([
      v('', 'S', null, 3),
      v('', 'M', null, 3),
    ]);
  });
});
