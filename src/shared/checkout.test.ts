import { describe, expect, it } from 'vitest';
import {
  billingFromShipping,
  countryIsoFromName,
  isSameAsShipping,
  isUnpaidOrderExpired,
  isValidAddressPostalCode,
  knownCountryNames,
  resolveBillingAddress,
  UNPAID_ORDER_LIMIT_MINUTES,
  UNPAID_ORDER_NOTICE,
  unpaidOrderCutoff,
} from './checkout.ts';
import { MSG } from './messages.ts';
import { COUNTRY_CODES } from './postal-code.ts';
import { billingAddressSchema, placeOrderBody, shippingAddressSchema } from './schemas/order.ts';

const shipping = {
  address: '221 FC Road',
  city: 'Pune',
  state: 'Maharashtra',
  postalCode: '411004',
  country: 'India',
};

describe('countryIsoFromName', () => {
  it('maps the places API names, case-insensitively, and both spellings of Hong Kong and Macau', () => {
    expect(countryIsoFromName('India')).toBe('IN');
    expect(countryIsoFromName('  united states ')).toBe('US');
    expect(countryIsoFromName("Cote D'Ivoire (Ivory Coast)")).toBe('CI');
    expect(countryIsoFromName('Bonaire, Sint Eustatius and Saba')).toBe('BQ');
    expect(countryIsoFromName('Hong Kong')).toBe('HK');
    expect(countryIsoFromName('Hong Kong S.A.R.')).toBe('HK');
    expect(countryIsoFromName('Macau')).toBe('MO');
    expect(countryIsoFromName('Narnia')).toBeUndefined();
    expect(countryIsoFromName('IN')).toBeUndefined(); // a code is not a name; it is used as typed
  });

  it('names every known country exactly once', () => {
    const codes = new Set(knownCountryNames().values());
    expect([...codes].sort()).toEqual([...COUNTRY_CODES].sort());
  });
});

describe('isValidAddressPostalCode (docs/product/messages.md)', () => {
  it.each([
    ['India', '411004', true],
    ['India', '400 001', true],
    ['India', '011004', false],
    ['India', '4110045', false],
    ['IN', '411004', true],
    ['in', '411004', true],
    ['United States', '10001', true],
    ['United States', '10001-0001', true],
    ['United States', '1000', false],
    ['United States', '10001 0001', false],
    ['Canada', 'K1A 0B1', true],
    ['Canada', 'K1A0B1', true],
    ['Canada', '1A1 A1A', false],
    ['United Kingdom', 'SW1A 1AA', true],
    ['Hong Kong', 'anything at all', true],
    ['Hong Kong', '', false],
    ['United Arab Emirates', 'x'.repeat(255), true],
    ['United Arab Emirates', 'x'.repeat(256), false],
    ['Narnia', '12345', false],
    ['ZZ', '12345', false],
    ['', '12345', false],
  ])('%s %s → %s', (country, code, ok) => {
    expect(isValidAddressPostalCode(country, code)).toBe(ok);
  });
});

describe('billing same as shipping (docs/product/orders-and-checkout.md#checkout-flow)', () => {
  it('mirrors shipping with the user name', () => {
    expect(billingFromShipping(shipping, 'Asha')).toEqual({ ...shipping, name: 'Asha' });
    expect(resolveBillingAddress(null, shipping, 'Asha')).toEqual({ ...shipping, name: 'Asha' });
    const other = { ...shipping, city: 'Mumbai', postalCode: '400001', name: 'Ravi' };
    expect(resolveBillingAddress(other, shipping, 'Asha')).toBe(other);
  });

  it('is ticked when nothing is saved or the saved billing equals shipping (names aside)', () => {
    expect(isSameAsShipping(undefined, shipping)).toBe(true);
    expect(isSameAsShipping({ ...shipping, name: 'Someone' } as typeof shipping, shipping)).toBe(true);
    expect(isSameAsShipping({ ...shipping, city: ' pune ' }, shipping)).toBe(true);
    expect(isSameAsShipping({ ...shipping, postalCode: '411005' }, shipping)).toBe(false);
    expect(isSameAsShipping(shipping, null)).toBe(false);
  });
});

describe('address schemas', () => {
  it('uses the exact alert texts for postal codes', () => {
    const ship = shippingAddressSchema.safeParse({ ...shipping, postalCode: '12' });
    expect(ship.error?.issues).toEqual([
      expect.objectContaining({ path: ['postalCode'], message: MSG.invalidShippingPostal }),
    ]);
    const bill = billingAddressSchema.safeParse({
      ...shipping,
      name: 'Ravi',
      country: 'Canada',
      postalCode: '411004',
    });
    expect(bill.error?.issues).toEqual([
      expect.objectContaining({ path: ['postalCode'], message: MSG.invalidBillingPostal }),
    ]);
  });

  it('needs a city except for Hong Kong, Macau and Taiwan', () => {
    expect(shippingAddressSchema.safeParse({ ...shipping, city: '' }).success).toBe(false);
    expect(
      shippingAddressSchema.safeParse({
        address: '1 Queen Rd',
        state: 'Hong Kong SAR',
        city: '',
        postalCode: '-',
        country: 'Hong Kong',
      }).success,
    ).toBe(true);
  });
});

describe('placeOrderBody', () => {
  const product = '0b5d1f0e-6d0c-4d6e-9a77-0a4f1b2c3d4e';
  it('drops the totals and item copies a SPEC client sends, and defaults the rest', () => {
    const parsed = placeOrderBody.parse({
      orderItems: [{ product, qty: 2, price: 1, name: 'x', image: [], countInStock: 3, currency: 'INR' }],
      shippingAddress: shipping,
      itemsPrice: 1,
      taxPrice: 1,
      shippingPrice: 0,
      totalPrice: 2,
      discount: 0,
    });
    expect(parsed).toEqual({
      orderItems: [{ product, qty: 2, size: null, variant: null, colour: null }],
      shippingAddress: shipping,
      billingAddress: null,
      paymentMethod: 'RazorPay',
      orderCurrency: 'INR',
      couponCodes: [],
      buyerGstin: null,
      buyerBusinessName: null,
    });
  });

  it('takes a business purchase: the GSTIN normalised, with its business name', () => {
    const base = { orderItems: [{ product, qty: 1 }], shippingAddress: shipping };
    const parsed = placeOrderBody.parse({
      ...base,
      buyerGstin: ' 27aapfu0939f1zv ',
      buyerBusinessName: 'Asha Traders',
    });
    expect(parsed).toMatchObject({ buyerGstin: '27AAPFU0939F1ZV', buyerBusinessName: 'Asha Traders' });
    const wrong = placeOrderBody.safeParse({
      ...base,
      buyerGstin: '27AAPFU0939F1ZW',
      buyerBusinessName: 'A',
    });
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['buyerGstin'],
      message: 'Please enter a valid GSTIN.',
    });
    expect(placeOrderBody.parse({ ...base, buyerGstin: null, buyerBusinessName: '' })).toMatchObject({
      buyerGstin: null,
      buyerBusinessName: null,
    });
  });

  it('refuses other unknown fields, an empty order and unknown currencies', () => {
    const base = { orderItems: [{ product, qty: 1 }], shippingAddress: shipping };
    expect(placeOrderBody.safeParse({ ...base, isPaid: true }).success).toBe(false);
    expect(
      placeOrderBody.safeParse({ ...base, orderItems: [{ product, qty: 1, seller: 'x', user: 'y' }] })
        .success,
    ).toBe(false);
    expect(placeOrderBody.safeParse({ ...base, orderItems: [] }).error?.issues[0]?.message).toBe(
      MSG.cartEmpty,
    );
    expect(placeOrderBody.safeParse({ ...base, orderCurrency: 'XXX1' }).success).toBe(false);
    expect(placeOrderBody.parse({ ...base, orderCurrency: 'kwd' }).orderCurrency).toBe('KWD');
    expect(placeOrderBody.safeParse({ ...base, paymentMethod: 'Bitcoin' }).success).toBe(false);
  });
});

describe('the unpaid-order time limit', () => {
  const placed = new Date('2026-11-25T10:00:00.000Z');
  const at = (minutes: number, ms = 0) => new Date(placed.getTime() + minutes * 60_000 + ms);

  it('is 30 minutes, and the order page says so', () => {
    expect(UNPAID_ORDER_LIMIT_MINUTES).toBe(30);
    expect(UNPAID_ORDER_NOTICE).toBe('Orders not paid within 30 minutes are cancelled.');
  });

  it('the cutoff is the limit before now', () => {
    expect(unpaidOrderCutoff(at(30))).toEqual(placed);
  });

  it('an order expires only once strictly more than the limit has passed', () => {
    expect(isUnpaidOrderExpired(placed, at(29, 59_999))).toBe(false);
    expect(isUnpaidOrderExpired(placed, at(30))).toBe(false);
    expect(isUnpaidOrderExpired(placed, at(30, 1))).toBe(true);
  });
});
