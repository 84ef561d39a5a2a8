import { describe, expect, it } from 'vitest';
import { WISHLIST_MERGE_MAX } from '#shared/wishlist.ts';
import { parseGuestList, withSaved, withoutSaved } from './guest-list.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('parseGuestList', () => {
  it('keeps well-formed ids once, in order, lower-cased', () => {
    const upper = id(2).toUpperCase();
    expect(parseGuestList([id(1), upper, id(1), 'nope', 7, null, id(3)])).toEqual([id(1), id(2), id(3)]);
  });

  it('reads anything that is not a list as empty', () => {
    expect(parseGuestList({ 0: id(1) })).toEqual([]);
    expect(parseGuestList('x')).toEqual([]);
    expect(parseGuestList(null)).toEqual([]);
  });

  it(`keeps no more than ${WISHLIST_MERGE_MAX} (what one merge takes)`, () => {
    const many = Array.from({ length: WISHLIST_MERGE_MAX + 5 }, (_, i) => id(i));
    expect(parseGuestList(many)).toEqual(many.slice(0, WISHLIST_MERGE_MAX));
  });
});

describe('withSaved / withoutSaved', () => {
  it('puts the newest first and moves a saved one to the front without repeating it', () => {
    expect(withSaved([], id(1))).toEqual([id(1)]);
    expect(withSaved([id(1), id(2)], id(3))).toEqual([id(3), id(1), id(2)]);
    expect(withSaved([id(1), id(2)], id(2).toUpperCase())).toEqual([id(2), id(1)]);
  });

  it('forgets the oldest when the list is full', () => {
    const full = Array.from({ length: WISHLIST_MERGE_MAX }, (_, i) => id(i));
    const next = withSaved(full, id(9999));
    expect(next).toHaveLength(WISHLIST_MERGE_MAX);
    expect(next[0]).toBe(id(9999));
    expect(next).not.toContain(full[WISHLIST_MERGE_MAX - 1]);
  });

  it('removes an id, and removing a missing one changes nothing', () => {
    expect(withoutSaved([id(1), id(2)], id(1))).toEqual([id(2)]);
    expect(withoutSaved([id(1)], id(5))).toEqual([id(1)]);
  });
});
