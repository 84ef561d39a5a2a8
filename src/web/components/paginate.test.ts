import { describe, expect, it } from 'vitest';
import { lastPageFor, pageItems } from './paginate.ts';

describe('pageItems', () => {
  it('shows nothing for a single page', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([]);
  });

  it('lists every page when there are few', () => {
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts gaps around the current page in a long list', () => {
    expect(pageItems(1, 100)).toEqual([1, 2, 'gap', 100]);
    expect(pageItems(50, 100)).toEqual([1, 'gap', 49, 50, 51, 'gap', 100]);
    expect(pageItems(100, 100)).toEqual([1, 'gap', 99, 100]);
  });

  it('never hides a single page behind a gap', () => {
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  });

  it('clamps a page outside the range', () => {
    expect(pageItems(0, 7)).toEqual(pageItems(1, 7));
    expect(pageItems(99, 7)).toEqual(pageItems(7, 7));
  });
});

describe('lastPageFor', () => {
  it('sends a page past the end to the last page', () => {
    expect(lastPageFor(99, 7)).toBe(7);
    expect(lastPageFor(8, 7)).toBe(7);
  });

  it('leaves pages in range, and lists without pages, alone', () => {
    expect(lastPageFor(7, 7)).toBeNull();
    expect(lastPageFor(1, 7)).toBeNull();
    expect(lastPageFor(3, 0)).toBeNull();
  });
});
