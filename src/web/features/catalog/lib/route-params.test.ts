import { describe, expect, it } from 'vitest';
import { listHref, pageFromParam } from './route-params.ts';

describe('route params', () => {
  it('reads page numbers defensively', () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam(undefined)).toBe(1);
    expect(pageFromParam('0')).toBe(1);
    expect(pageFromParam('-2')).toBe(1);
    expect(pageFromParam('abc')).toBe(1);
    expect(pageFromParam('99999999')).toBe(1);
  });

  it('builds home and search page links', () => {
    expect(listHref('', 1)).toBe('/');
    expect(listHref('', 2)).toBe('/page/2');
    expect(listHref('kurta', 1)).toBe('/search/kurta');
    expect(listHref('silk saree', 3)).toBe('/search/silk%20saree/page/3');
    expect(listHref('a/b', 2)).toBe('/search/a%2Fb/page/2');
  });
});
