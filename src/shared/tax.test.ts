import { describe, expect, it } from 'vitest';
import { firstEntry, normalizeHsn } from './tax.ts';

// The rate rules themselves are tested in gst-rates.test.ts; the split in gst.test.ts.

describe('firstEntry: a value or the first of a list', () => {
  it('takes the first entry of a list and a single value as it is', () => {
    expect(firstEntry(['a', 'b'])).toBe('a');
    expect(firstEntry('a')).toBe('a');
    expect(firstEntry(18)).toBe(18);
    expect(firstEntry([28, 18])).toBe(28);
  });

  it('is undefined for nothing, an empty list or a list starting with null', () => {
    expect(firstEntry([])).toBeUndefined();
    expect(firstEntry(null)).toBeUndefined();
    expect(firstEntry(undefined)).toBeUndefined();
    expect(firstEntry([null, 'b'])).toBeUndefined();
  });
});

describe('normalizeHsn: digits of the first code', () => {
  it.each<[Parameters<typeof normalizeHsn>[0], string]>([
    ['6403.99.90', '64039990'],
    [' 6403 99 90 ', '64039990'],
    [['6403.99.90', '8517'], '64039990'],
    [['8517', '6109'], '8517'],
    [6109, '6109'],
    [[6403], '6403'],
    ['6109.10', '610910'],
    [undefined, ''],
    [null, ''],
    [[], ''],
  ])('%j → %j', (hsn, expected) => {
    expect(normalizeHsn(hsn)).toBe(expected);
  });
});
