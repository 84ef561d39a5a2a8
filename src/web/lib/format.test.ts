import { describe, expect, it } from 'vitest';
import { formatDate, formatDay, fromSlug, shopPath, toSlug } from './format.ts';

describe('format', () => {
  it('formats dates and tolerates missing ones', () => {
    expect(formatDate('2025-11-21T10:00:00.000Z')).toBe('21 Nov 2025');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it("formats dates in the page language's locale", () => {
    expect(formatDate('2025-11-21T10:00:00.000Z', 'hi-IN')).toBe('21 नव॰ 2025');
    expect(formatDay('2026-11-30', 'hi-IN')).toContain('नव॰');
    expect(formatDay('2026-11-30')).toBe('Mon, 30 Nov');
    // The English default is not disturbed by a Hindi formatter made first.
    expect(formatDate('2025-11-21T10:00:00.000Z')).toBe('21 Nov 2025');
  });

  it('makes link slugs', () => {
    expect(toSlug(' Women Clothes ')).toBe('women-clothes');
    expect(fromSlug('women-clothes')).toBe('women clothes');
    expect(shopPath('Kavya Textiles')).toBe('/shop/Kavya-Textiles');
  });
});
