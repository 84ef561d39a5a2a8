import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { findUnstorableText, isStorableText, refuseUnstorableText } from './storable-text.ts';

describe('isStorableText', () => {
  it('accepts ordinary text, emoji (surrogate pairs) and other control characters', () => {
    for (const s of ['', 'Kavya Textiles', 'नमस्ते', 'a😀b', '😀', 'tab\tnew\nline', '\u007f', '\uFFFD'])
      expect(isStorableText(s), JSON.stringify(s)).toBe(true);
  });

  it('refuses NUL and unpaired surrogates anywhere in the string', () => {
    for (const s of [
      '\u0000',
      'a\u0000',
      '\u0000b',
      '\uD800',
      'x\uD800',
      '\uD800x',
      '\uDFFF',
      'a\uDC00b',
      '\uDC00\uD800',
    ])
      expect(isStorableText(s), JSON.stringify(s)).toBe(false);
  });
});

describe('findUnstorableText', () => {
  it('answers null for clean values of every JSON type', () => {
    expect(findUnstorableText(undefined)).toBeNull();
    expect(findUnstorableText(null)).toBeNull();
    expect(findUnstorableText(42)).toBeNull();
    expect(findUnstorableText({ a: ['x', { b: 'y', c: [1, true, null] }] })).toBeNull();
  });

  it('names the path of the first bad string, in nested objects and arrays', () => {
    expect(findUnstorableText('\u0000')).toEqual([]);
    expect(findUnstorableText({ name: 'ok', address: 'a\u0000' })).toEqual(['address']);
    expect(findUnstorableText({ orderItems: [{ product: 'p' }, { size: '\uD800' }] })).toEqual([
      'orderItems',
      1,
      'size',
    ]);
  });

  it('names the parent of a bad key', () => {
    expect(findUnstorableText({ shippingAddress: { 'x\u0000': 'v' } })).toEqual(['shippingAddress']);
  });

  it('walks 500 000 levels of nesting without overflowing the stack', () => {
    const depth = 500_000;
    const deep = JSON.parse('['.repeat(depth) + '"\\u0000"' + ']'.repeat(depth)) as unknown;
    expect(findUnstorableText(deep)).toHaveLength(depth);
    const clean = JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
    expect(findUnstorableText(clean)).toBeNull();
  });
});

describe('refuseUnstorableText', () => {
  const compile = refuseUnstorableText(() => (data: unknown) => ({ value: data }));
  const validate = compile({});

  it('passes clean data to the wrapped validator', () => {
    expect(validate({ a: 'b' })).toEqual({ value: { a: 'b' } });
  });

  it('answers a 400 AppError naming the field instead', () => {
    const result = validate({ items: [{ email: 'a\u0000@b.c' }] }) as { error: AppError };
    expect(result.error).toBeInstanceOf(AppError);
    expect(result.error.kind).toBe('invalid');
    expect(result.error.errors).toEqual([
      { path: 'items.0.email', message: expect.stringMatching(/NUL/) as string },
    ]);
  });
});
