import { describe, expect, it } from 'vitest';
import {
  flattenMessages,
  namespaceOf,
  parseAcceptLanguage,
  pickLanguage,
  supportedLanguage,
} from './languages.ts';

const SUPPORTED = ['en', 'hi'];

describe('parseAcceptLanguage', () => {
  it('orders by q, then by position, as primary subtags without repeats', () => {
    expect(parseAcceptLanguage('en-US,en;q=0.8,hi-IN;q=0.9')).toEqual(['en', 'hi']);
    expect(parseAcceptLanguage('ta;q=0.5, hi-IN;q=0.9, en;q=0.1')).toEqual(['hi', 'ta', 'en']);
    expect(parseAcceptLanguage('hi, en')).toEqual(['hi', 'en']);
  });
  it('drops refused (q=0), malformed and wildcard entries', () => {
    expect(parseAcceptLanguage('hi;q=0, en')).toEqual(['en']);
    expect(parseAcceptLanguage('*, en;q=abc, 1234, hi')).toEqual(['hi']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
});

describe('pickLanguage', () => {
  it('takes the switch first, then the account, then the browser, then English', () => {
    expect(pickLanguage({ choice: 'hi', account: 'en', acceptLanguage: 'en' }, SUPPORTED)).toBe('hi');
    expect(pickLanguage({ account: 'hi', acceptLanguage: 'en' }, SUPPORTED)).toBe('hi');
    expect(pickLanguage({ acceptLanguage: 'ta, hi;q=0.8' }, SUPPORTED)).toBe('hi');
    expect(pickLanguage({ acceptLanguage: 'ta, fr' }, SUPPORTED)).toBe('en');
    expect(pickLanguage({}, SUPPORTED)).toBe('en');
  });
  it('ignores choices the shop has no catalogue for', () => {
    expect(pickLanguage({ choice: 'ta', acceptLanguage: 'hi' }, SUPPORTED)).toBe('hi');
    expect(pickLanguage({ choice: 42, account: null }, SUPPORTED)).toBe('en');
  });
});

describe('supportedLanguage', () => {
  it('reads tags in any case and with a region', () => {
    expect(supportedLanguage('HI-in', SUPPORTED)).toBe('hi');
    expect(supportedLanguage(' en ', SUPPORTED)).toBe('en');
    expect(supportedLanguage('bn', SUPPORTED)).toBeNull();
  });
});

describe('message ids', () => {
  it('flattens nested namespaces and leaves out the language entry', () => {
    expect(
      flattenMessages({ $language: { name: 'x' }, cart: { empty: 'E', line: { remove: 'R' } }, top: 'T' }),
    ).toEqual({ 'cart.empty': 'E', 'cart.line.remove': 'R', top: 'T' });
    expect(namespaceOf('cart.line.remove')).toBe('cart');
  });
});
