import { describe, expect, it } from 'vitest';
import { addCode, hasCode, MAX_COUPON_CODES, parseCouponCodes, removeCode } from './coupon-codes.ts';

describe('coupon codes', () => {
  it('reads distinct non-blank codes from storage', () => {
    expect(parseCouponCodes(null)).toEqual([]);
    expect(parseCouponCodes('WELCOME10')).toEqual([]);
    expect(parseCouponCodes([' WELCOME10 ', 'welcome10', '', 3, 'DIWALI'])).toEqual(['WELCOME10', 'DIWALI']);
  });

  it('keeps at most a handful', () => {
    const many = Array.from({ length: 20 }, (_, i) => `CODE${String(i)}`);
    expect(parseCouponCodes(many)).toHaveLength(MAX_COUPON_CODES);
  });

  it('adds and removes case-insensitively', () => {
    const codes = addCode(['WELCOME10'], ' diwali ');
    expect(codes).toEqual(['WELCOME10', 'diwali']);
    expect(addCode(codes, 'Welcome10')).toEqual(codes);
    expect(hasCode(codes, 'DIWALI')).toBe(true);
    expect(removeCode(codes, 'welcome10')).toEqual(['diwali']);
  });
});
