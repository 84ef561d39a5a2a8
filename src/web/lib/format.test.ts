import { describe, expect, it } from 'vitest';
import { formatDate, fromSlug, shopPath, toSlug } from './format.ts';

describe('format', () => {
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
