import { describe, expect, it } from 'vitest';
import { applicableChoice, parseChoice } from './currency-choice.ts';

describe('stored currency choice', () => {
  it('reads only a known code with a user id or null', () => {
    expect(parseChoice({ code: 'USD', userId: null })).toEqual({ code: 'USD', userId: null });
    expect(parseChoice({ code: 'EUR', userId: 'u1' })).toEqual({ code: 'EUR', userId: 'u1' });
    for (const bad of [
      null,
      'USD',
      [],
      { code: 'XYZ', userId: null },
      { code: 'usd', userId: null },
      { code: 'USD', userId: 5 },
      { code: 'USD' },
    ]) {
      expect(parseChoice(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it("applies a signed-in person's own choice, and a visitor's choice only while signed out", () => {
    expect(applicableChoice(null, null)).toEqual({ own: null, visitor: null });
    expect(applicableChoice({ code: 'USD', userId: null }, null)).toEqual({ own: null, visitor: 'USD' });
    // Signed in: a visitor's earlier pick does not beat the person's profile currency (docs/product/currency-and-places.md) …
    expect(applicableChoice({ code: 'USD', userId: null }, 'u1')).toEqual({ own: null, visitor: null });
    // … their own pick does; someone else's pick on this browser does not.
    expect(applicableChoice({ code: 'USD', userId: 'u1' }, 'u1')).toEqual({ own: 'USD', visitor: null });
    expect(applicableChoice({ code: 'USD', userId: 'u2' }, 'u1')).toEqual({ own: null, visitor: null });
    // Signed out again: the last pick on this browser counts as the visitor's.
    expect(applicableChoice({ code: 'USD', userId: 'u1' }, null)).toEqual({ own: null, visitor: 'USD' });
  });
});
