import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '#shared/gst.ts';
import { parseBusinessPurchase } from './checkout-store.ts';

const GSTIN = `08AAPFU0939F1Z${gstinCheckCharacter('08AAPFU0939F1Z')}`;

describe('the business purchase kept between checkout steps', () => {
  it('reads a GSTIN and business name, normalised', () => {
    expect(
      parseBusinessPurchase({
        buyerGstin: ` ${GSTIN.toLowerCase()} `,
        buyerBusinessName: ' Malviya Traders ',
      }),
    ).toEqual({ buyerGstin: GSTIN, buyerBusinessName: 'Malviya Traders' });
  });

  it('reads a wrong GSTIN, a missing name or no GSTIN as no business purchase', () => {
    const wrong = GSTIN.slice(0, 14) + (GSTIN.endsWith('A') ? 'B' : 'A');
    expect(parseBusinessPurchase({ buyerGstin: wrong, buyerBusinessName: 'X' })).toBeNull();
    expect(parseBusinessPurchase({ buyerGstin: GSTIN, buyerBusinessName: '' })).toBeNull();
    expect(parseBusinessPurchase({ buyerGstin: '', buyerBusinessName: '' })).toBeNull();
    expect(parseBusinessPurchase('nonsense')).toBeNull();
  });
});
