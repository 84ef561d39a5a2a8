import { describe, expect, it } from 'vitest';
import {
  documentFilesError,
  IDENTITY_PROOF_FORMATS,
  identityProofNumberError,
  isPendingSeller,
  KYC_LIMITS,
  registrationRole,
  SELLER_MSG,
} from '../accounts.ts';
import { GSTIN_MSG } from '../gst.ts';
import { MSG } from '../messages.ts';
import {
  missingSellerFields,
  sellerRegisterBody,
  sellerRegisterForm,
  sellerTypeOf,
  type SellerRegisterForm,
} from './seller.ts';
import { registerBody } from './user.ts';

const form = (over: Partial<SellerRegisterForm> = {}): SellerRegisterForm => ({
  type: 'company',
  name: 'Kiran Textiles',
  shopName: 'Kiran Weaves',
  phone: '9876543210',
  email: 'kiran@example.com',
  address: '9 Weavers Lane',
  country: 'India',
  state: 'Telangana',
  city: 'Hyderabad',
  currency: 'INR',
  buisnessRegistrationCode: '36AABCK4821M1ZE',
  bank_account: '50100234567891',
  identifyProof: 'Pan Card',
  identifyProofNumber: 'AABCK4821M',
  password: 'Secret@123',
  confirmPassword: 'Secret@123',
  ...over,
});

const messages = (over: Partial<SellerRegisterForm>) => {
  const r = sellerRegisterForm.safeParse(form(over));
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('identity proof numbers (docs/product/messages.md)', () => {
  it.each([
    ['Passport', '12345678', true],
    ['Passport', '1234567', false],
    ['Passport', '123456789', false],
    ['Aadhar Card', '123456789012', true],
    ['Aadhar Card', '1234-5678-9012', true],
    ['Aadhar Card', 'ABCDEFGHIJKL', false],
    ['Aadhar Card', '12345678901', false],
    ['Pan Card', 'ABCDE1234F', true],
    ['Pan Card', 'ABCDE1234', false],
    ['Driving License', 'A'.repeat(15), true],
    ['Driving License', 'A'.repeat(20), true],
    ['Driving License', 'A'.repeat(14), false],
    ['Driving License', 'A'.repeat(21), false],
  ] as const)('%s %s → %s', (type, number, ok) => {
    expect(identityProofNumberError(type, number)).toBe(ok ? null : IDENTITY_PROOF_FORMATS[type].message);
  });
});

describe('sellerRegisterForm', () => {
  it('accepts a complete company and an individual without UIN', () => {
    expect(messages({})).toEqual([]);
    expect(messages({ type: 'individual', buisnessRegistrationCode: '' })).toEqual([]);
  });

  it('a company needs its GSTIN; GSTIN/UIN at most 15', () => {
    expect(messages({ buisnessRegistrationCode: '' })).toEqual([
      `buisnessRegistrationCode: ${SELLER_MSG.registrationCodeRequired}`,
    ]);
    expect(messages({ buisnessRegistrationCode: 'A'.repeat(16) })).toEqual([
      'buisnessRegistrationCode: GSTIN/UIN cannot be more than 15 characters',
    ]);
  });

  it("a GSTIN or UIN is checked by format and check character: 'Please enter a valid GSTIN.'", () => {
    const wrong = [`buisnessRegistrationCode: ${GSTIN_MSG.invalid}`];
    expect(messages({ buisnessRegistrationCode: '36AABCK4821M1ZD' })).toEqual(wrong); // check character is E
    expect(messages({ buisnessRegistrationCode: '22AAAAA0000A1Z5' })).toEqual(wrong); // check character is C
    expect(messages({ buisnessRegistrationCode: '40AABCK4821M1ZE' })).toEqual(wrong); // no state 40
    expect(messages({ buisnessRegistrationCode: 'GST12345' })).toEqual(wrong);
    // A company gives a GSTIN; an individual may give a UIN, a GSTIN or nothing.
    expect(messages({ buisnessRegistrationCode: '0717UNO00157UNO' })).toEqual(wrong);
    expect(messages({ type: 'individual', buisnessRegistrationCode: '0717UNO00157UNO' })).toEqual([]);
    expect(messages({ type: 'individual', buisnessRegistrationCode: '36AABCK4821M1ZE' })).toEqual([]);
    expect(messages({ type: 'individual', buisnessRegistrationCode: '0717UNO00157UN1' })).toEqual(wrong);
  });

  it('the length and character messages come first; lower case and spaces are normalised', () => {
    expect(messages({ buisnessRegistrationCode: '36AABCK4821M1ZEX' })).toEqual([
      'buisnessRegistrationCode: GSTIN/UIN cannot be more than 15 characters',
    ]);
    expect(messages({ buisnessRegistrationCode: '36AABCK-4821M' })).toEqual([
      'buisnessRegistrationCode: GSTIN/UIN may contain letters and digits only',
    ]);
    const r = sellerRegisterForm.safeParse(form({ buisnessRegistrationCode: ' 36 aabck 4821m 1ze ' }));
    expect(r.success && r.data.buisnessRegistrationCode).toBe('36AABCK4821M1ZE');
    expect(sellerRegisterBody(form({ buisnessRegistrationCode: '36aabck4821m1ze' }))).toMatchObject({
      buisnessRegistrationCode: '36AABCK4821M1ZE',
    });
  });

  it('mobile 5–15 digits; passwords match; number fits the proof type; bank account ≤ 18', () => {
    expect(messages({ phone: '1234567890123456' })).toEqual([`phone: ${MSG.mobileTooLong}`]);
    expect(messages({ confirmPassword: 'nope' })).toEqual([`confirmPassword: ${MSG.passwordsDoNotMatch}`]);
    expect(messages({ identifyProof: 'Passport', identifyProofNumber: 'AABCK4821M' })).toEqual([
      `identifyProofNumber: ${IDENTITY_PROOF_FORMATS.Passport.message}`,
    ]);
    expect(messages({ identifyProof: '' })).toEqual([`identifyProof: ${SELLER_MSG.identifyProofRequired}`]);
    expect(messages({ bank_account: '1'.repeat(19) })).toHaveLength(1);
  });

  it('city not required for Hong Kong, Macau and Taiwan', () => {
    expect(messages({ country: 'Hong Kong', state: 'Hong Kong SAR', city: '' })).toEqual([]);
    expect(messages({ city: '' })).toEqual(['city: Please select a city']);
  });

  it("names the blank required fields ('Please fill out all fields')", () => {
    expect(missingSellerFields(form())).toEqual([]);
    expect(missingSellerFields(form({ name: ' ', bank_account: '' }))).toEqual(['name', 'bank_account']);
    expect(missingSellerFields(form({ type: 'individual', buisnessRegistrationCode: '' }))).toEqual([]);
    expect(missingSellerFields(form({ buisnessRegistrationCode: '' }))).toEqual(['buisnessRegistrationCode']);
    expect(missingSellerFields(form({ country: 'Taiwan', city: '' }))).toEqual([]);
    expect(missingSellerFields(form({ shopName: '' }))).toEqual(['shopName']);
  });

  it('in India takes the 10-digit mobile typed after +91', () => {
    const issues = (phone: string, country = 'India') => {
      const r = sellerRegisterForm.safeParse(form({ phone, country }));
      return r.success ? [] : r.error.issues.filter((i) => i.path[0] === 'phone').map((i) => i.message);
    };
    expect(issues('9876543210')).toEqual([]);
    expect(issues('919876543210')).toEqual(['Mobile number must be exactly 10 digits']);
    expect(issues('98765')).toEqual(['Mobile number must be exactly 10 digits']);
    expect(issues('85212345678', 'Hong Kong')).toEqual([]);
  });

  it('requires a shop name and stores it with single spaces (its /shop/ link reads back to it)', () => {
    const blank = sellerRegisterForm.safeParse(form({ shopName: '  ' }));
    expect(blank.success ? [] : blank.error.issues.map((i) => i.message)).toEqual([
      'Please enter a shop name',
    ]);
    const spaced = sellerRegisterForm.safeParse(form({ shopName: ' Kiran   Weaves ' }));
    expect(spaced.success && spaced.data.shopName).toBe('Kiran Weaves');
    const server = registerBody.safeParse(sellerRegisterBody(form({ shopName: 'Kiran \t Weaves' })));
    expect(server.success && server.data.shopName).toBe('Kiran Weaves');
  });
});

describe('sellerRegisterBody', () => {
  it('makes a registration the server accepts, with the role docs/product/messages.md gives', () => {
    const company = sellerRegisterBody(form());
    expect(registerBody.safeParse(company).success).toBe(true);
    expect(registrationRole(company)).toBe('Seller-Company');
    const individual = sellerRegisterBody(form({ type: 'individual', buisnessRegistrationCode: '' }));
    expect(registerBody.safeParse(individual).success).toBe(true);
    expect(individual).not.toHaveProperty('buisnessRegistrationCode');
    expect(registrationRole(individual)).toBe('Seller-Individual');
  });

  it('the server refuses what the form refuses, with the same message, and stores it normalised', () => {
    const body = (code: string) => ({ ...sellerRegisterBody(form()), buisnessRegistrationCode: code });
    const refused = registerBody.safeParse(body('36AABCK4821M1ZD'));
    expect(refused.success ? [] : refused.error.issues.map((i) => i.message)).toEqual([GSTIN_MSG.invalid]);
    const typed = registerBody.safeParse(body('36aabck 4821m1ze'));
    expect(typed.success && typed.data.buisnessRegistrationCode).toBe('36AABCK4821M1ZE');
    expect(registerBody.safeParse(body('0717UNO00157UNO')).success).toBe(true);
  });

  it('?type= defaults to company', () => {
    expect(sellerTypeOf('individual')).toBe('individual');
    expect(sellerTypeOf('company')).toBe('company');
    expect(sellerTypeOf(null)).toBe('company');
  });
});

describe('documentFilesError (docs/product/catalog.md: PDF/JPEG/PNG, 10 MB, 5 files)', () => {
  const pdf = { size: 1000, type: 'application/pdf' };
  it('checks count, type and size', () => {
    expect(documentFilesError([])).toBe(SELLER_MSG.documentsRequired);
    expect(
      documentFilesError([pdf, { size: 5, type: 'image/png' }, { size: 5, type: 'image/jpeg' }]),
    ).toBeNull();
    expect(documentFilesError(Array.from({ length: 6 }, () => pdf))).toBe(SELLER_MSG.tooManyDocuments);
    expect(documentFilesError([pdf, pdf], 4)).toBe(SELLER_MSG.tooManyDocuments);
    expect(documentFilesError([{ size: 5, type: 'image/gif' }])).toBe(SELLER_MSG.documentType);
    expect(documentFilesError([{ size: KYC_LIMITS.maxBytes + 1, type: 'application/pdf' }])).toBe(
      SELLER_MSG.documentTooLarge,
    );
    expect(documentFilesError([{ size: KYC_LIMITS.maxBytes, type: '' }])).toBeNull();
  });
});

describe('isPendingSeller', () => {
  it('an inactive seller is pending; active sellers and inactive buyers are not', () => {
    expect(isPendingSeller({ role: ['Seller-Individual'], active: false })).toBe(true);
    expect(isPendingSeller({ role: ['Seller-Company'], active: true })).toBe(false);
    expect(isPendingSeller({ role: ['Buyer'], active: false })).toBe(false);
  });
});
