import { describe, expect, it } from 'vitest';
import type { Product } from '#shared/schemas/product.ts';
import { withStockSeen } from './save-product.ts';

describe('withStockSeen', () => {
  const existing = {
    variants: [
      { _id: 'v-m', size: 'M', colour: null, sku: 'M', countInStock: 5, price: null },
      { _id: 'v-l', size: 'L', colour: null, sku: 'L', countInStock: 0, price: null },
    ],
  } as unknown as Product;

  it('tells the server the stock the form showed for each existing variant; new rows say nothing', () => {
    const rows: { _id?: string; countInStock: number }[] = [
      { _id: 'v-m', countInStock: 5 },
      { _id: 'v-l', countInStock: 3 },
      { countInStock: 2 },
    ];
    expect(withStockSeen(rows, existing)).toEqual([
      { _id: 'v-m', countInStock: 5, stockSeen: 5 },
      { _id: 'v-l', countInStock: 3, stockSeen: 0 },
      { countInStock: 2 },
    ]);
  });

  it('sends nothing extra for a new product', () => {
    const rows: { _id?: string; countInStock: number }[] = [{ countInStock: 1 }];
    expect(withStockSeen(rows, null)).toEqual([{ countInStock: 1 }]);
  });
});
