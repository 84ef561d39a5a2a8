import { describe, expect, it } from 'vitest';
import { codeOfStatus, ERROR_CODES, isErrorCode } from './errors.ts';
import { errorSchema } from './schemas/common.ts';

describe('error codes', () => {
  it('are unique: no two names share a code', () => {
    const values = Object.values(ERROR_CODES);
    expect(new Set(values).size).toBe(values.length);
  });

  it('give every error status the API answers a generic code', () => {
    expect([400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503].map((s) => [s, codeOfStatus(s)])).toEqual([
      [400, 'invalid_input'],
      [401, 'unauthenticated'],
      [403, 'forbidden'],
      [404, 'not_found'],
      [409, 'conflict'],
      [413, 'too_large'],
      [415, 'unsupported_media'],
      [429, 'rate_limited'],
      [500, 'internal_error'],
      [502, 'provider_down'],
      [503, 'service_unavailable'],
    ]);
  });

  it('recognise only known codes', () => {
    expect(isErrorCode('out_of_stock')).toBe(true);
    expect(isErrorCode('Out of stock')).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });

  it('are required in the wire schema of an error body', () => {
    expect(errorSchema.safeParse({ message: 'Product not found', code: 'not_found' }).success).toBe(true);
    expect(errorSchema.safeParse({ message: 'Product not found' }).success).toBe(false);
    expect(errorSchema.safeParse({ message: 'x', code: 'made_up' }).success).toBe(false);
  });
});
