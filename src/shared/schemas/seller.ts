import { z } from 'zod';
import {
  IDENTITY_PROOF_TYPES,
  identityProofNumberError,
  isIdentityProofType,
  SELLER_MSG,
} from '../accounts.ts';
import { GSTIN_MSG, isValidUin, normalizeGstin } from '../gst.ts';
import { MSG } from '../messages.ts';
import {
  bankAccountSchema,
  BUYER_PHONE_MSG,
  emailSchema,
  isBuyerPhone,
  isCityOptional,
  nameSchema,
  passwordSchema,
  registrationCodeSchema,
  sellerPhoneSchema,
  shopNameSchema,
  type RegisterBody,
} from './user.ts';

/**
 * Seller sign-up (docs/product/screens.md /register_seller, docs/product/orders-and-checkout.md#checkout-flow "Seller registration", docs/product/messages.md) and KYC documents
 * (docs/product/api.md Uploads, docs/product/roles-and-accounts.md, docs/product/catalog.md).
 */

export const SELLER_TYPES = ['company', 'individual'] as const;
export type SellerType = (typeof SELLER_TYPES)[number];

/** `?type=` of /register_seller; anything else is a company, the first seller choice (docs/product/screens.md). */
export const sellerTypeOf = (v: string | null | undefined): SellerType =>
  v === 'individual' ? 'individual' : 'company';

/**
 * The seller sign-up form. Every field is required except the UIN of an individual; a company gives its
 * GSTIN (a valid one), an individual nothing or a valid GSTIN or UIN. Identity documents are files, checked by `documentFilesError` beside this schema.
 */
export const sellerRegisterForm = z
  .object({
    type: z.enum(SELLER_TYPES),
    name: nameSchema,
    shopName: shopNameSchema,
    phone: sellerPhoneSchema,
    email: emailSchema,
    address: z.string().trim().min(1, 'Please enter your address').max(500, 'Address is too long'),
    country: z.string().trim().min(1, 'Please select a country').max(100),
    state: z.string().trim().min(1, 'Please select a state').max(100),
    city: z.string().trim().max(100),
    currency: z.string().length(3),
    buisnessRegistrationCode: registrationCodeSchema,
    bank_account: bankAccountSchema.min(1, SELLER_MSG.bankAccountRequired),
    identifyProof: z.union([z.enum(IDENTITY_PROOF_TYPES), z.literal('')]),
    identifyProofNumber: z.string().trim().max(40, 'Identity proof number is too long'),
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please re-type your password'),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!isCityOptional(v.country) && v.city.trim() === '') issue('city', 'Please select a city');
    // In India the number is typed after a fixed +91, so it is the 10-digit mobile (ADR 0134); the
    // server still takes the 5 to 15 digits older clients send.
    if (v.country === 'India' && /^\d{5,15}$/.test(v.phone.trim()) && !isBuyerPhone(v.phone.trim()))
      issue('phone', BUYER_PHONE_MSG);
    if (v.password !== v.confirmPassword) issue('confirmPassword', MSG.passwordsDoNotMatch);
    if (v.type === 'company' && v.buisnessRegistrationCode === '')
      issue('buisnessRegistrationCode', SELLER_MSG.registrationCodeRequired);
    // A UIN passes the field's own check (an individual may give one); a company gives a GSTIN.
    else if (v.type === 'company' && isValidUin(v.buisnessRegistrationCode))
      issue('buisnessRegistrationCode', GSTIN_MSG.invalid);
    if (!isIdentityProofType(v.identifyProof)) issue('identifyProof', SELLER_MSG.identifyProofRequired);
    if (v.identifyProofNumber.trim() === '')
      issue('identifyProofNumber', SELLER_MSG.identifyProofNumberRequired);
    else if (isIdentityProofType(v.identifyProof)) {
      const message = identityProofNumberError(v.identifyProof, v.identifyProofNumber);
      if (message) issue('identifyProofNumber', message);
    }
  });
export type SellerRegisterForm = z.input<typeof sellerRegisterForm>;

/** Fields whose being blank is "Please fill out all fields" (docs/product/messages.md); the UIN of an individual is optional. */
export function missingSellerFields(v: SellerRegisterForm): string[] {
  const required: (keyof SellerRegisterForm)[] = [
    'name',
    'shopName',
    'phone',
    'email',
    'address',
    'country',
    'state',
    'bank_account',
    'identifyProof',
    'identifyProofNumber',
    'password',
    'confirmPassword',
  ];
  if (v.type === 'company') required.push('buisnessRegistrationCode');
  if (!isCityOptional(v.country)) required.push('city');
  return required.filter((k) => String(v[k] ?? '').trim() === '');
}

/** The registration request the form makes (POST /api/users); the role follows from docs/product/messages.md's rule. */
export function sellerRegisterBody(v: SellerRegisterForm): RegisterBody {
  const code = normalizeGstin(v.buisnessRegistrationCode);
  return {
    name: v.name,
    shopName: v.shopName,
    phone: v.phone,
    email: v.email,
    password: v.password,
    confirmPassword: v.confirmPassword,
    address: v.address,
    country: v.country,
    state: v.state,
    city: v.city,
    currency: v.currency,
    bank_account: v.bank_account,
    ...(code !== '' && { buisnessRegistrationCode: code }),
    ...(isIdentityProofType(v.identifyProof) && { identifyProof: v.identifyProof }),
    identifyProofNumber: v.identifyProofNumber,
  };
}

/** POST /api/upload/verification-docs answers with the seller's documents, as 'Document n' links. */
export const verificationDocsResponse = z.array(z.string());

/**
 * POST /api/upload/generate-presigned-url (Admin, Auditor). Either a user's document by its position
 * (`index` 0-based: 'Document 1' is index 0) or a storage key. `bucketName` (docs/product/api.md) is accepted and
 * ignored: the storage is configured on the server.
 */
export const signedUrlBody = z.union([
  z
    .object({
      userId: z.uuid({ message: 'Invalid id' }),
      index: z.number().int().min(0).max(99),
      bucketName: z.string().max(200).optional(),
    })
    .strict(),
  z.object({ key: z.string().min(1).max(512), bucketName: z.string().max(200).optional() }).strict(),
]);
export type SignedUrlBody = z.input<typeof signedUrlBody>;
export const signedUrlResponse = z.object({ url: z.string(), expiresAt: z.string() });
export type SignedUrlResponse = z.infer<typeof signedUrlResponse>;

/** The query of the signed link itself; anything malformed is checked (and refused, 403) by the server. */
export const signedFileQuery = z.object({
  key: z.string().max(512).default(''),
  expires: z.string().max(20).default(''),
  signature: z.string().max(200).default(''),
});
