import { describe, expect, it } from 'vitest';
import { clampQty, DEFAULT_ORDER_QTY_LIMIT, qtyCap, qtyOverLimitMessage } from './order-quantity.ts';

describe('qtyCap', () => {
  it('is the stock when the stock is under the limit', () => {
    expect(qtyCap(3, 10)).toBe(3);
  });
  it('is the limit when the stock is larger', () => {
    expect(qtyCap(1_000_000, 10)).toBe(10);
    expect(qtyCap(12, DEFAULT_ORDER_QTY_LIMIT)).toBe(10);
  });
  it('is the limit when stock and limit are equal', () => {
    expect(qtyCap(5, 5)).toBe(5);
  });
  it('is 0 when sold out, never negative', () => {
    expect(qtyCap(0, 10)).toBe(0);
    expect(qtyCap(-2, 10)).toBe(0);
  });
  it('follows a configured limit', () => {
    expect(qtyCap(50, 3)).toBe(3);
    expect(qtyCap(50, 25)).toBe(25);
  });
  it('treats broken numbers as nothing to buy', () => {
    expect(qtyCap(Number.NaN, 10)).toBe(0);
    expect(qtyCap(4, Number.NaN)).toBe(0);
    expect(qtyCap(4.7, 10)).toBe(4);
  });
});

describe('clampQty', () => {
  it('keeps a quantity within 1..cap', () => {
    expect(clampQty(3, 10)).toBe(3);
    expect(clampQty(11, 10)).toBe(10);
    expect(clampQty(0, 10)).toBe(1);
    expect(clampQty(-4, 10)).toBe(1);
  });
  it('is 1 when nothing can be bought', () => {
    expect(clampQty(5, 0)).toBe(1);
  });
  it('drops fractions and reads a non-number as 1', () => {
    expect(clampQty(2.9, 10)).toBe(2);
    expect(clampQty(Number.NaN, 10)).toBe(1);
  });
});

describe('qtyOverLimitMessage', () => {
  it('names the limit and the item', () => {
    expect(qtyOverLimitMessage(10, 'Kurta (size L)')).toBe(
      'You can buy at most 10 of Kurta (size L) in one order',
    );
  });
});
