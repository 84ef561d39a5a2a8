import { describe, expect, it } from 'vitest';
import { classifyOrderSearch } from './order-search.ts';

describe('classifyOrderSearch', () => {
  it.each([
    ['HAAT-2026-000123', 'HAAT-2026-000123'],
    ['haat-2026-000123', 'HAAT-2026-000123'],
    [' HAAT-2026-000123 ', 'HAAT-2026-000123'],
    ['2026000123', 'HAAT-2026-000123'],
    ['2026-000123', 'HAAT-2026-000123'],
    ['HAAT2026000123', 'HAAT-2026-000123'],
  ])('%j is the order number %s', (term, orderNumber) => {
    expect(classifyOrderSearch(term)).toEqual({ kind: 'orderNumber', orderNumber });
  });

  it.each([
    ['123', '000123'],
    ['000123', '000123'],
    ['HAAT-42', '000042'],
    ['7', '000007'],
  ])('%j is the running number %s of any year', (term, suffix) => {
    expect(classifyOrderSearch(term)).toEqual({ kind: 'orderSequence', suffix });
  });

  it.each([
    ['Buyer@Haat.test', 'buyer@haat.test'],
    [' a.b+c@example.co.in ', 'a.b+c@example.co.in'],
  ])('%j is the e-mail %s', (term, email) => {
    expect(classifyOrderSearch(term)).toEqual({ kind: 'email', email });
  });

  it.each([
    ['9820012345', '9820012345'],
    ['+91 98200 12345', '9820012345'],
    ['919820012345', '9820012345'],
    ['09820012345', '9820012345'],
    ['98200-12345', '9820012345'],
    ['(982) 001 2345', '9820012345'],
  ])('%j is the phone %s', (term, phone) => {
    expect(classifyOrderSearch(term)).toEqual({ kind: 'phone', phone });
  });

  it.each([
    '',
    '   ',
    'kurta',
    '@haat.test',
    'buyer@',
    'a b@c.d',
    '1234567', // 7 digits: neither a running number nor a phone
    '5820012345', // no Indian mobile starts with 5
    '1999000123', // a year before the shop: not an order number, nor a phone
    'HAAT-2026-0001234',
    '98200 12345 6',
  ])('%j is no search', (term) => {
    expect(classifyOrderSearch(term)).toBeNull();
  });
});
