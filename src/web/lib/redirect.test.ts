import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect.ts';

const origin = 'https://haat.test';

describe('safeRedirect', () => {
  it('follows relative paths, with or without the leading slash', () => {
    expect(safeRedirect('shipping', origin)).toBe('/shipping');
    expect(safeRedirect('/shipping', origin)).toBe('/shipping');
    expect(safeRedirect('/', origin)).toBe('/');
    expect(safeRedirect('order/42?tab=items#pay', origin)).toBe('/order/42?tab=items#pay');
  });

  it('goes home when there is nothing to follow', () => {
    expect(safeRedirect(null, origin)).toBe('/');
    expect(safeRedirect('', origin)).toBe('/');
    expect(safeRedirect('   ', origin)).toBe('/');
  });

  it('never leaves the site', () => {
    for (const bad of [
      '//evil.test',
      '/\\evil.test',
      '\\\\evil.test',
      'https://evil.test/x',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      `${origin}/profile`,
    ]) {
      expect(safeRedirect(bad, origin), bad).toBe('/');
    }
  });
});
