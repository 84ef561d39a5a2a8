import { describe, expect, it } from 'vitest';
import { VARIANT_MSG } from '#shared/schemas/product-form.ts';
import {
  addColour,
  coloursOf,
  defaultSku,
  reprefix,
  rowsFor,
  skuPrefix,
  totalOf,
  type VariantRow,
} from './variant-rows.ts';

const row = (size: string, colour: string | null, countInStock: number, extra: Partial<VariantRow> = {}) => ({
  size,
  colour,
  sku: defaultSku('KURTA', { size, colour }),
  countInStock,
  price: null,
  ...extra,
});

describe('variant grid rows', () => {
  it('has one row per size without colours, new ones at stock 0 with a default SKU', () => {
    expect(rowsFor(['S', 'M'], [], [], 'KURTA')).toEqual([row('S', null, 0), row('M', null, 0)]);
    expect(defaultSku('KURTA', { size: 'M', colour: 'Sky Blue' })).toBe('KURTA-M-SKYBLUE');
    expect(defaultSku('KURTA', { size: 'N/A', colour: null })).toBe('KURTA-NA');
  });

  it('keeps rows already there (id, stock, SKU, price) and drops unticked sizes', () => {
    const m = row('M', null, 7, { _id: 'v-m', sku: 'MY-OWN', price: 1499 });
    expect(rowsFor(['M', 'L'], [], [row('S', null, 3), m], 'KURTA')).toEqual([m, row('L', null, 0)]);
  });

  it('gives each size a row per colour, in size then colour order', () => {
    const rows = rowsFor(['S', 'M'], ['Red', 'Blue'], [], 'KURTA');
    expect(rows.map((r) => `${r.size}/${String(r.colour)}`)).toEqual(['S/Red', 'S/Blue', 'M/Red', 'M/Blue']);
  });

  it('moves the stock without colour to the first colour added, renaming a default SKU only', () => {
    const s = row('S', null, 4, { _id: 'v-s' });
    const m = row('M', null, 2, { _id: 'v-m', sku: 'HAND-M' });
    const rows = rowsFor(['S', 'M'], ['Red'], [s, m], 'KURTA');
    expect(rows).toEqual([
      { ...s, colour: 'Red', sku: 'KURTA-S-RED' },
      { ...m, colour: 'Red' },
    ]);
    // A second colour gets rows of its own.
    const more = rowsFor(['S', 'M'], ['Red', 'Blue'], rows, 'KURTA');
    expect(more.map((r) => [r.colour, r.countInStock, r._id])).toEqual([
      ['Red', 4, 'v-s'],
      ['Blue', 0, undefined],
      ['Red', 2, 'v-m'],
      ['Blue', 0, undefined],
    ]);
  });

  it('moves a colour back to no colour when the last one goes', () => {
    const red = row('M', 'Red', 5, { _id: 'v-m' });
    expect(rowsFor(['M'], [], [red], 'KURTA')).toEqual([{ ...red, colour: null, sku: 'KURTA-M' }]);
    // Removing one of two colours drops its rows.
    const blue = row('M', 'Blue', 1);
    expect(rowsFor(['M'], ['Blue'], [red, blue], 'KURTA')).toEqual([blue]);
  });

  it('uses the server prefix for a saved product, the name until then', () => {
    expect(skuPrefix('0b9f3c2a-1111-2222-3333-444455556666', 'Kurta')).toBe('0b9f3c2a');
    expect(skuPrefix(null, 'Cotton kurta, blue')).toBe('COTTONKU');
    expect(skuPrefix(null, '  ')).toBe('SKU');
    const rows = [row('M', null, 1), row('L', null, 1, { sku: 'TYPED' })];
    expect(reprefix(rows, 'KURTA', 'SHIRT').map((r) => r.sku)).toEqual(['SHIRT-M', 'TYPED']);
  });

  it('adds colours in their usual spelling, refusing blanks, repeats and long names', () => {
    expect(addColour([], ' navy ')).toEqual({ colours: ['Navy'], error: null });
    expect(addColour(['Navy'], 'Sky blue')).toEqual({ colours: ['Navy', 'Sky blue'], error: null });
    expect(addColour(['Navy'], 'NAVY').error).toBe('Navy is already listed.');
    expect(addColour([], '  ').error).toBe('Type a colour to add.');
    expect(addColour([], 'x'.repeat(31)).error).toBe(VARIANT_MSG.colour);
    expect(
      coloursOf([row('S', 'Red', 1), row('M', 'red', 1), row('M', null, 1), row('L', 'Blue', 1)]),
    ).toEqual(['Red', 'Blue']);
  });

  it('totals the stock, counting a blank or invalid cell as 0', () => {
    expect(
      totalOf([{ countInStock: 4 }, { countInStock: Number.NaN }, { countInStock: -2 }, { countInStock: 3 }]),
    ).toBe(7);
  });
});
