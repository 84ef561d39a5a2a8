import { describe, expect, it } from 'vitest';
import { createReturnBody, isVideoUrl, refundAccountSchema, rejectReturnBody } from './fulfilment.ts';

/** The wire rules of a return request the dialog and the route share (docs/decisions/0112-returns-and-exchanges.md). */

const line = '3f9c1f5e-4c1d-4a8e-9a6b-2f3a1c9d7e10';

describe('createReturnBody', () => {
  it('takes one line, some units, a reason from the list, and fills comment and media', () => {
    expect(createReturnBody.parse({ orderItem: line, qty: 2, kind: 'return', reason: 'too_small' })).toEqual({
      orderItem: line,
      qty: 2,
      kind: 'return',
      reason: 'too_small',
      comment: '',
      media: [],
    });
  });

  it('refuses no units, an unknown reason, and more than four media', () => {
    const base = { orderItem: line, kind: 'return', reason: 'too_small' };
    expect(createReturnBody.safeParse({ ...base, qty: 0 }).success).toBe(false);
    expect(createReturnBody.safeParse({ ...base, qty: 1, reason: 'because' }).success).toBe(false);
    const five = ['/uploads/a', '/uploads/b', '/uploads/c', '/uploads/d', '/uploads/e'];
    expect(createReturnBody.safeParse({ ...base, qty: 1, media: five }).success).toBe(false);
    expect(createReturnBody.safeParse({ ...base, qty: 1, media: five.slice(0, 4) }).success).toBe(true);
  });
});

describe('refundAccountSchema', () => {
  it('takes a UPI id, or an account number with its IFSC (upper-cased)', () => {
    expect(refundAccountSchema.parse({ kind: 'upi', upi: 'asha.n@okicici' })).toEqual({
      kind: 'upi',
      upi: 'asha.n@okicici',
    });
    expect(
      refundAccountSchema.parse({
        kind: 'bank',
        name: 'Asha N',
        accountNumber: '001234567890',
        ifsc: 'hdfc0001234',
      }),
    ).toEqual({ kind: 'bank', name: 'Asha N', accountNumber: '001234567890', ifsc: 'HDFC0001234' });
  });

  it('refuses a UPI id without a handle, a short account number and a malformed IFSC', () => {
    expect(refundAccountSchema.safeParse({ kind: 'upi', upi: 'asha' }).success).toBe(false);
    expect(
      refundAccountSchema.safeParse({ kind: 'bank', name: 'A', accountNumber: '1234', ifsc: 'HDFC0001234' })
        .success,
    ).toBe(false);
    expect(
      refundAccountSchema.safeParse({
        kind: 'bank',
        name: 'A',
        accountNumber: '001234567890',
        ifsc: 'HDFC1001234',
      }).success,
    ).toBe(false);
  });
});

describe('the rest', () => {
  it('a rejection needs a reason; videos are known by the extension they were stored under', () => {
    expect(rejectReturnBody.safeParse({ reason: ' ' }).success).toBe(false);
    expect(rejectReturnBody.parse({ reason: ' Worn ' })).toEqual({ reason: 'Worn' });
    expect(isVideoUrl('/uploads/returns/u/x.mp4')).toBe(true);
    expect(isVideoUrl('/uploads/returns/u/x.MOV')).toBe(true);
    expect(isVideoUrl('/uploads/returns/u/x-original.webp')).toBe(false);
  });
});
