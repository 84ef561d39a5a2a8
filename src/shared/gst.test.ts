import { describe, expect, it } from 'vitest';
import {
  GST_STATE_CODES,
  gstComponents,
  gstinCheckCharacter,
  gstinStateCode,
  isIntraState,
  isValidGstin,
  isValidUin,
  normalizeGstin,
  placeOfSupplyOf,
  stateCodeOfName,
  supplierStateCode,
} from './gst.ts';

describe('GSTIN', () => {
  it('accepts real GSTINs, however they were typed', () => {
    for (const g of ['27AAPFU0939F1ZV', '07AAGFF2194N1Z1', '29AAGCB7383J1Z4', '24AAACC1206D1ZM'])
      expect(isValidGstin(g), g).toBe(true);
    expect(isValidGstin(' 27aapfu0939f1zv ')).toBe(true);
    expect(normalizeGstin('27 AAPFU 0939F 1ZV')).toBe('27AAPFU0939F1ZV');
  });

  it('refuses a wrong check character, state code, PAN shape or missing Z', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false); // check character
    expect(isValidGstin('40AAPFU0939F1ZV')).toBe(false); // no state 40
    expect(isValidGstin('27AAPF10939F1ZV')).toBe(false); // PAN: five letters first
    expect(isValidGstin('27AAPFU0939F1YV')).toBe(false); // 14th is always Z
    expect(isValidGstin('27AAPFU0939F0ZV')).toBe(false); // entity number starts at 1
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false); // too short
    expect(isValidGstin('')).toBe(false);
  });

  it('computes the check character so that changing any one character is caught', () => {
    const base = '27AAPFU0939F1Z';
    expect(gstinCheckCharacter(base)).toBe('V');
    // Swapping two neighbouring characters changes the check character too.
    expect(gstinCheckCharacter('27AAPFU9039F1Z')).not.toBe('V');
  });

  const REAL = ['27AAPFU0939F1ZV', '07AAGFF2194N1Z1', '29AAGCB7383J1Z4', '24AAACC1206D1ZM'];
  const CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

  it('refuses each real GSTIN with any one character changed, at every position', () => {
    for (const g of REAL)
      for (let i = 0; i < g.length; i++)
        for (const c of CHARS) {
          if (c === g[i]) continue;
          const changed = g.slice(0, i) + c + g.slice(i + 1);
          expect(isValidGstin(changed), changed).toBe(false);
        }
  });

  it('accepts lower case and spaces, as the normalised GSTIN', () => {
    for (const g of REAL) {
      expect(isValidGstin(g.toLowerCase()), g).toBe(true);
      expect(isValidGstin(`${g.slice(0, 2)} ${g.slice(2, 12)} ${g.slice(12)}`), g).toBe(true);
      expect(normalizeGstin(` ${g.toLowerCase()}\t`)).toBe(g);
    }
  });

  it('refuses an unknown state code even with the right check character', () => {
    for (const state of ['00', '39', '40', '50', '98']) {
      const first14 = `${state}AAPFU0939F1Z`;
      expect(isValidGstin(first14 + gstinCheckCharacter(first14)), state).toBe(false);
    }
  });

  it("requires 'Z' in the 14th place even with the right check character", () => {
    for (const c of ['Y', '1', 'A']) {
      const first14 = `27AAPFU0939F1${c}`;
      expect(isValidGstin(first14 + gstinCheckCharacter(first14)), c).toBe(false);
    }
  });

  it('names the state it was issued in', () => {
    expect(gstinStateCode('27AAPFU0939F1ZV')).toBe('27');
    expect(GST_STATE_CODES[gstinStateCode('29AAGCB7383J1Z4')!]).toBe('Karnataka');
    expect(gstinStateCode('27AAPFU0939F1ZW')).toBeUndefined();
  });
});

describe('place of supply', () => {
  it('finds the state code of a state name, however it is spelt', () => {
    expect(stateCodeOfName('Maharashtra')).toBe('27');
    expect(stateCodeOfName('jammu & kashmir')).toBe('01');
    expect(stateCodeOfName('Andaman and Nicobar Islands')).toBe('35');
    expect(stateCodeOfName('Andhra Pradesh')).toBe('37'); // the current code, not 28
    expect(stateCodeOfName('Dadra and Nagar Haveli and Daman and Diu')).toBe('26');
    expect(stateCodeOfName('Atlantis')).toBeUndefined();
    expect(stateCodeOfName('')).toBeUndefined();
  });

  it('is intra-state only when supplier and delivery state are the same', () => {
    expect(isIntraState('27', '27')).toBe(true);
    expect(isIntraState('27', '29')).toBe(false);
  });
});

describe('gstComponents', () => {
  it('splits within a state into CGST and SGST at half the rate each', () => {
    // ₹1,999.00 at 5%: 2.5% each = 49.975 → ₹49.98 each, half-up.
    expect(gstComponents(199_900, '5', true)).toEqual({ cgst: 4_998, sgst: 4_998, igst: 0 });
  });
  it('charges IGST at the whole rate across states', () => {
    expect(gstComponents(199_900, '5', false)).toEqual({ cgst: 0, sgst: 0, igst: 9_995 });
    expect(gstComponents(300_000, '18', false)).toEqual({ cgst: 0, sgst: 0, igst: 54_000 });
  });
  it('takes rates with decimals', () => {
    // 0.25% (rough diamonds) of ₹1,000.00 = ₹2.50, split ₹1.25 each.
    expect(gstComponents(100_000, '0.25', true)).toEqual({ cgst: 125, sgst: 125, igst: 0 });
    expect(gstComponents(100_000, '0', false)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
  });
});

describe('gstComponents: each component half-up on its own', () => {
  it('CGST + SGST can be a paisa more (or less) than IGST on the same value', () => {
    // ₹199.80 at 5 %: IGST ₹9.99 exactly; 2.5 % = ₹4.995 → ₹5.00 twice = ₹10.00.
    expect(gstComponents(19_980, '5', false).igst).toBe(999);
    expect(gstComponents(19_980, '5', true)).toEqual({ cgst: 500, sgst: 500, igst: 0 });
    // ₹0.30 at 5 %: IGST 1.5 paise → 2; 0.75 paise → 1 twice = 2. ₹0.10 at 5 %: 0.5 → 1; 0.25 → 0 twice.
    expect(gstComponents(10, '5', false).igst).toBe(1);
    expect(gstComponents(10, '5', true)).toEqual({ cgst: 0, sgst: 0, igst: 0 });
  });

  it('rounds to a cash step (CHF 0.05 = 5 minor units)', () => {
    // CHF 21.00 at 5 %: IGST 1.05; 2.5 % = 0.525 → 0.55 each.
    expect(gstComponents(2_100, '5', false, 5n)).toEqual({ cgst: 0, sgst: 0, igst: 105 });
    expect(gstComponents(2_100, '5', true, 5n)).toEqual({ cgst: 55, sgst: 55, igst: 0 });
  });
});

describe("the seller's state and the place of supply", () => {
  it("takes the seller's GSTIN first, then its Indian address", () => {
    expect(supplierStateCode({ gstin: '29AAGCB7383J1Z4', country: 'India', state: 'Maharashtra' })).toBe(
      '29',
    );
    expect(supplierStateCode({ gstin: null, country: 'India', state: 'Maharashtra' })).toBe('27');
    // An invalid GSTIN is ignored.
    expect(supplierStateCode({ gstin: '29AAGCB7383J1Z5', country: 'India', state: 'Kerala' })).toBe('32');
    expect(supplierStateCode({ gstin: null, country: 'Nepal', state: 'Bagmati' })).toBeUndefined();
  });

  it('is the delivery state in India, none abroad', () => {
    expect(placeOfSupplyOf({ country: 'India', state: 'Karnataka' })).toBe('29');
    expect(placeOfSupplyOf({ country: 'United States', state: 'California' })).toBeUndefined();
    expect(placeOfSupplyOf({ country: 'India', state: 'Narnia' })).toBeUndefined();
  });
});

describe('UIN', () => {
  // Published UINs of UN bodies and embassies (the GSTR-1 test data of the India Compliance app).
  const UINS = [
    '0717UNO00157UNO',
    '0717UNO00211UN2',
    '2117UNO00002UNF',
    '3317USA00002UNE',
    '0717UNO00154UNU',
  ];

  it('accepts real UINs, however they were typed, and they are not GSTINs', () => {
    for (const u of UINS) {
      expect(isValidUin(u), u).toBe(true);
      expect(isValidUin(u.toLowerCase()), u).toBe(true);
      expect(isValidGstin(u), u).toBe(false);
    }
    expect(isValidUin('0717 UNO 00157 UNO')).toBe(true);
  });

  it('refuses a changed check character, an unknown state code or a GSTIN', () => {
    expect(isValidUin('0717UNO00157UN1')).toBe(false);
    const first14 = '4017UNO00157UN';
    expect(isValidUin(first14 + gstinCheckCharacter(first14))).toBe(false);
    expect(isValidUin('27AAPFU0939F1ZV')).toBe(false);
    expect(isValidUin('')).toBe(false);
  });
});
