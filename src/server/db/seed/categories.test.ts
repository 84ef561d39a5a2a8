import { describe, expect, it } from 'vitest';
import {
  CATEGORY_MARKUPS,
  CATEGORY_TREE,
  categoryPathOf,
  categoryRows,
  TOP_LEVEL_CATEGORIES,
} from './categories.ts';

describe('categoryRows', () => {
  const rows = categoryRows();

  it('makes one row per leaf, with unique paths of two to five levels', () => {
    const paths = rows.map(categoryPathOf);
    expect(new Set(paths).size).toBe(rows.length);
    for (const p of paths) {
      const depth = p.split(' > ').length;
      expect(depth, p).toBeGreaterThanOrEqual(2);
      expect(depth, p).toBeLessThanOrEqual(5);
    }
    expect(paths).toContain('Fashion & Accessories > Men Clothes > Topwear > T-Shirts > Round Neck');
  });

  it('inherits the HSN code and rate from the nearest node naming one', () => {
    const byPath = new Map(rows.map((r) => [categoryPathOf(r), r]));
    // Men Clothes says 6203; T-Shirts overrides with 6109; Polo overrides again with 6105.
    expect(byPath.get('Fashion & Accessories > Men Clothes > Bottomwear > Shorts')).toMatchObject({
      hsn: '6203',
      tax: '12.00',
    });
    expect(byPath.get('Fashion & Accessories > Men Clothes > Topwear > T-Shirts > V-Neck')?.hsn).toBe('6109');
    expect(byPath.get('Fashion & Accessories > Men Clothes > Topwear > T-Shirts > Polo')?.hsn).toBe('6105');
    expect(byPath.get('Home & Living > Home Appliances > Air Conditioners')?.tax).toBe('28.00');
  });

  it('has a markup for every top level and nothing else', () => {
    expect(Object.keys(CATEGORY_MARKUPS).sort()).toEqual([...TOP_LEVEL_CATEGORIES].sort());
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(TOP_LEVEL_CATEGORIES));
  });

  it('refuses a tree with a leaf that has no tax, a bare top level, or more than five levels', () => {
    expect(() => categoryRows([{ name: 'A', children: [{ name: 'B' }] }])).toThrow(/No HSN code/);
    expect(() => categoryRows([{ name: 'A', hsn: '1234', tax: 5 }])).toThrow(/no sub-categories/);
    const deep = {
      name: '1',
      hsn: '1234',
      tax: 5,
      children: [
        {
          name: '2',
          children: [
            { name: '3', children: [{ name: '4', children: [{ name: '5', children: [{ name: '6' }] }] }] },
          ],
        },
      ],
    };
    expect(() => categoryRows([deep])).toThrow(/five levels/);
    expect(CATEGORY_TREE.length).toBe(6);
  });
});
