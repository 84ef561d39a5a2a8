import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-in-words.ts';
import { parseMoney } from './money.ts';

const words = (inr: string) => amountInWords(parseMoney(inr));

describe('amountInWords (Indian system)', () => {
  it('says lakhs, thousands, hundreds and paise the Indian way', () => {
    expect(words('123456.78')).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Paise Seventy-Eight Only',
    );
    expect(words('1049.50')).toBe('Rupees One Thousand Forty-Nine and Paise Fifty Only');
    expect(words('4197.90')).toBe('Rupees Four Thousand One Hundred Ninety-Seven and Paise Ninety Only');
    expect(words('2099.90')).toBe('Rupees Two Thousand Ninety-Nine and Paise Ninety Only');
  });

  it('leaves the paise out when there are none, and says zero', () => {
    expect(words('0')).toBe('Rupees Zero Only');
    expect(words('0.05')).toBe('Rupees Zero and Paise Five Only');
    expect(words('100')).toBe('Rupees One Hundred Only');
    expect(words('110')).toBe('Rupees One Hundred Ten Only');
    expect(words('19')).toBe('Rupees Nineteen Only');
    expect(words('20')).toBe('Rupees Twenty Only');
  });

  it('groups by lakh and crore, not million', () => {
    expect(words('100000')).toBe('Rupees One Lakh Only');
    expect(words('999999')).toBe('Rupees Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine Only');
    expect(words('9999999.99')).toBe(
      'Rupees Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine and Paise Ninety-Nine Only',
    );
    expect(words('10000000')).toBe('Rupees One Crore Only');
    expect(words('123456789.05')).toBe(
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Paise Five Only',
    );
    expect(words('10000100000')).toBe('Rupees One Thousand Crore One Lakh Only');
  });

  it('says a negative amount with Minus, and refuses what is not a whole number of paise', () => {
    expect(amountInWords(-150)).toBe('Minus Rupees One and Paise Fifty Only');
    expect(() => amountInWords(1.5)).toThrow(RangeError);
    expect(() => integerInWords(-1)).toThrow(RangeError);
    expect(integerInWords(1001)).toBe('One Thousand One');
    expect(integerInWords(20_005)).toBe('Twenty Thousand Five');
  });
});
