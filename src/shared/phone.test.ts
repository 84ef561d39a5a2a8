import { describe, expect, it } from 'vitest';
import { formatPhone, indianMobileDigits, phoneInputValue } from './phone.ts';

describe('formatPhone', () => {
  it('shows an Indian mobile with +91 and a space after five digits', () => {
    expect(formatPhone('9876543210')).toBe('+91 98765 43210');
  });

  it('the same for a seller who stored the 91 or the trunk 0', () => {
    expect(formatPhone('919876543210')).toBe('+91 98765 43210');
    expect(formatPhone('09876543210')).toBe('+91 98765 43210');
    expect(formatPhone('+91 98765-43210')).toBe('+91 98765 43210');
  });

  it('leaves what is not an Indian mobile as stored', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('123456789')).toBe('123456789');
    expect(formatPhone('442079460000')).toBe('442079460000');
    expect(formatPhone('9876543210', 'Hong Kong')).toBe('9876543210');
  });

  it('nothing for no number', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('phoneInputValue', () => {
  it('the 10 digits a +91 input takes', () => {
    expect(phoneInputValue('919876543210')).toBe('9876543210');
    expect(phoneInputValue('9876543210')).toBe('9876543210');
    expect(phoneInputValue('12345')).toBe('12345');
    expect(phoneInputValue(null)).toBe('');
  });

  it('indianMobileDigits refuses numbers of other lengths', () => {
    expect(indianMobileDigits('98765432101')).toBeNull();
    expect(indianMobileDigits('929876543210')).toBeNull();
  });
});
