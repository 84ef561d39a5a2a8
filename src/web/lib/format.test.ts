import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, fromSlug, shopPath, toSlug } from './format.ts';

describe('format', () => {
  it('shows money with two decimals, separators and the symbol', () => {
    expect(formatMoney(1234.5, 'INR')).toBe('₹1,234.50');
    expect(formatMoney(123456, 'INR')).toBe('₹1,23,456.00');
    expect(formatMoney(9.99, 'usd')).toBe('$9.99');
    expect(formatMoney(5, 'XYZQ')).toBe('XYZQ 5.00');
  });

  it('formats dates and tolerates missing ones', () => {
    expect(formatDate('2025-11-21T10:00:00.000Z')).toBe('21 Nov 2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('makes link slugs', () => {
    expect(toSlug(' Women Clothes ')).toBe('women-clothes');
    expect(fromSlug('women-clothes')).toBe('women clothes');
    expect(shopPath('Kavya Textiles')).toBe('/shop/Kavya-Textiles');
  });
});
