import { z } from 'zod';
import {
  IDENTITY_PROOF_TYPES,
  identityProofNumberError,
  isIdentityProofType,
  normalizeIdentityNumber,
  registrationRole,
  SELLER_MSG,
} from '../accounts.ts';
import { GSTIN_MSG, isValidGstin, isValidUin, normalizeGstin } from '../gst.ts';
import { MSG } from '../messages.ts';
import { ROLE_NAMES } from '../roles.ts';
import { tidyShopName } from '../seller-onboarding.ts';

/**
 * Account payloads (docs/product/messages.md "Buyer registration and profile", docs/product/roles-and-accounts.md). The same schemas validate the
 * forms (zodResolver) and the server's request bodies; the server re-checks everything.
 */

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your email')
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

/** docs/product/roles-and-accounts.md: at least 8 characters. The upper bound stops hashing megabytes. */
export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const nameSchema = z.string().trim().min(1, 'Please enter your name').max(100, 'Name is too long');

/** Buyer mobile: exactly 10 digits, without country code (docs/product/messages.md). */
export const buyerPhoneSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Mobile number must be exactly 10 digits');

/** Seller mobile: digits only, 5 to 15 of them (docs/product/messages.md, docs/product/pricing-and-tax.md). */
export const sellerPhoneSchema = z
  .string()
  .trim()
  .regex(/^\d*$/, 'Mobile number must contain digits only')
  .min(5, 'Mobile number must be at least 5 digits')
  .max(15, MSG.mobileTooLong);

const BUYER_PHONE = /^\d{10}$/;
export const BUYER_PHONE_MSG = 'Mobile number must be exactly 10 digits';
/** Buyers give exactly 10 digits: applied on top of `sellerPhoneSchema` once the role is known. */
export const isBuyerPhone = (phone: string): boolean => BUYER_PHONE.test(phone);

export const REGISTRATION_CODE_MSG = {
  tooLong: 'GSTIN/UIN cannot be more than 15 characters',
  lettersAndDigits: 'GSTIN/UIN may contain letters and digits only',
} as const;

/**
 * A seller's GSTIN (companies) or UIN (individuals, optional; docs/product/gst-and-invoices.md#gstin,
 * docs/decisions/0119-gstin-validation.md). Stored as typed but in upper case without spaces; blank means
 * none. One message, the first that applies: too long, then not letters and digits, then not a valid GSTIN
 * or UIN (format and check character).
 */
export const registrationCodeSchema = z
  .string()
  .transform(normalizeGstin)
  .superRefine((code, ctx) => {
    const message =
      code.length > 15
        ? REGISTRATION_CODE_MSG.tooLong
        : !/^[0-9A-Z]*$/.test(code)
          ? REGISTRATION_CODE_MSG.lettersAndDigits
          : code !== '' && !isValidGstin(code) && !isValidUin(code)
            ? GSTIN_MSG.invalid
            : undefined;
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const identifyProofSchema = z.enum(IDENTITY_PROOF_TYPES, {
  message: SELLER_MSG.identifyProofRequired,
});
/** Stored normalised (upper case, no grouping spaces); checked against its type by `sellerRules`. */
export const identifyProofNumberSchema = z
  .string()
  .trim()
  .max(40, 'Identity proof number is too long')
  .transform(normalizeIdentityNumber);

/** Bank account: at most 18 characters (docs/product/pricing-and-tax.md). */
export const bankAccountSchema = z
  .string()
  .trim()
  .max(18, 'Bank account number cannot be more than 18 characters')
  .regex(/^[0-9A-Za-z]*$/, 'Bank account number may contain letters and digits only');

/** Hong Kong, Macau and Taiwan are looked up under China: state auto-picked, no city (docs/product/messages.md). */
export const CITY_OPTIONAL_COUNTRIES = ['Hong Kong', 'Macau', 'Taiwan'] as const;
export const isCityOptional = (country: string) =>
  (CITY_OPTIONAL_COUNTRIES as readonly string[]).includes(country);

/** Country, state and city are required picks; city is optional for HK, MO, TW. */
export const placeFields = {
  address: z.string().trim().min(1, 'Please enter your address').max(500, 'Address is too long'),
  country: z.string().trim().min(1, 'Please select a country').max(100),
  state: z.string().trim().min(1, 'Please select a state').max(100),
  city: z.string().trim().max(100).default(''),
};
function requireCity<T extends { country: string; city: string }>(v: T, ctx: z.RefinementCtx) {
  if (!isCityOptional(v.country) && v.city.trim() === '')
    ctx.addIssue({ code: 'custom', path: ['city'], message: 'Please select a city' });
}
function passwordsMatch<T extends { password?: string; confirmPassword?: string }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (v.confirmPassword !== undefined && v.password !== v.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
}

const filled = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * The rules that depend on the role docs/product/messages.md's rule gives a registration: a buyer's mobile is exactly 10
 * digits and a buyer gives no identity proof (identity proof without a bank account means a seller
 * forgot the bank account); a seller gives an identity proof type and a number in that type's format.
 */
function roleRules(
  v: { phone?: unknown; bank_account?: unknown; buisnessRegistrationCode?: unknown } & {
    identifyProof?: unknown;
    identifyProofNumber?: unknown;
  },
  ctx: z.RefinementCtx,
) {
  const role = registrationRole({
    bank_account: typeof v.bank_account === 'string' ? v.bank_account : null,
    buisnessRegistrationCode:
      typeof v.buisnessRegistrationCode === 'string' ? v.buisnessRegistrationCode : null,
  });
  if (role === 'Buyer') {
    if (typeof v.phone === 'string' && /^\d*$/.test(v.phone) && !isBuyerPhone(v.phone))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: BUYER_PHONE_MSG });
    if (v.identifyProof !== undefined || filled(v.identifyProofNumber))
      ctx.addIssue({ code: 'custom', path: ['bank_account'], message: SELLER_MSG.bankAccountRequired });
    return;
  }
  if (v.identifyProof === undefined)
    ctx.addIssue({ code: 'custom', path: ['identifyProof'], message: SELLER_MSG.identifyProofRequired });
  if (!filled(v.identifyProofNumber))
    ctx.addIssue({
      code: 'custom',
      path: ['identifyProofNumber'],
      message: SELLER_MSG.identifyProofNumberRequired,
    });
  else if (isIdentityProofType(v.identifyProof)) {
    const message = identityProofNumberError(v.identifyProof, v.identifyProofNumber);
    if (message) ctx.addIssue({ code: 'custom', path: ['identifyProofNumber'], message });
  }
}

/**
 * Shop name: required for sellers, at most 30 words (docs/product/messages.md, docs/product/pricing-and-tax.md).
 * Stored tidied (runs of spaces as one), so its /shop/ link reads back to it (ADR 0134).
 */
export const shopNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a shop name')
  .max(300, 'Shop name is too long')
  .refine((v) => v.split(/\s+/).filter(Boolean).length <= 30, MSG.shopNameTooLong)
  .transform(tidyShopName);

/**
 * A field older clients send with a call although it is not the caller's to set (the account's `active`
 * flag or documents at registration, its roles in a profile update): accepted, whatever its value, so
 * those clients keep working, and never read by the server, so never written (docs/product/api.md).
 */
const acceptedAndIgnored = z.unknown().optional().describe('Accepted and ignored: not the caller’s to set');

/**
 * POST /api/users — buyer registration and seller sign-up (docs/product/messages.md). `role` may name a role (or give its
 * id); the server decides the role by docs/product/messages.md's rule (bank account and registration code → Seller-Company,
 * bank account only → Seller-Individual, else Buyer) and refuses anything other than Buyer /
 * Seller-Individual / Seller-Company with 403. Buyers: 10-digit mobile. Sellers: 5–15 digits, identity
 * proof type and number, and the shop name (which the sign-up form requires). Identity documents are uploaded next, to POST /api/upload/verification-docs.
 */
export const registerBody = z
  .object({
    name: nameSchema,
    phone: sellerPhoneSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().optional(),
    currency: z.string().trim().length(3).optional(),
    role: z.union([z.string(), z.array(z.string())]).optional(),
    buisnessRegistrationCode: registrationCodeSchema.optional(),
    bank_account: bankAccountSchema.optional(),
    identifyProof: identifyProofSchema.optional(),
    identifyProofNumber: identifyProofNumberSchema.optional(),
    /** Sellers: the shop's name, unique by its /shop/ link (ADR 0134). Optional for older clients; buyers' is ignored. */
    shopName: shopNameSchema.optional(),
    active: acceptedAndIgnored,
    verificationDocs: acceptedAndIgnored,
    ...placeFields,
  })
  .strict()
  .superRefine(requireCity)
  .superRefine(passwordsMatch)
  .superRefine(roleRules);
export type RegisterBody = z.input<typeof registerBody>;

/** The buyer registration form: the same fields, with the re-typed password required. */
export const registerForm = z
  .object({
    name: nameSchema,
    phone: buyerPhoneSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please re-type your password'),
    currency: z.string().length(3),
    ...placeFields,
  })
  .superRefine(requireCity)
  .superRefine(passwordsMatch);
export type RegisterForm = z.input<typeof registerForm>;

export const loginBody = z
  .object({
    email: emailSchema,
    password: z.string().min(1, 'Please enter your password').max(128),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBody>;

/**
 * Shop picture / banner: the path the upload endpoint returned (same-origin `/…`) or an https URL of the
 * storage; nothing else (no `javascript:`, no protocol-relative `//host`). null removes the image.
 */
export const shopImageSchema = z
  .string()
  .trim()
  .max(500, 'Image path is too long')
  .regex(/^(\/(?!\/)|https:\/\/)\S*$/, 'Invalid image path')
  .nullable();

/**
 * PUT /api/users/profile (docs/product/messages.md): name, mobile, e-mail, address, country, state, city are required.
 * Password and confirmation change the password when given. `role` is accepted and ignored; active and ids
 * are refused.
 * Sellers also send their shop settings (shopName, and shopPicture / shopBanner as uploaded paths).
 * Mobile: buyers exactly 10 digits (the server checks it by role; `profileFormFor` in the browser);
 * sellers keep the 5–15 digits they registered with.
 */
export const profileBody = z
  .object({
    name: nameSchema,
    phone: sellerPhoneSchema,
    email: emailSchema,
    password: passwordSchema.optional().or(z.literal('')),
    confirmPassword: z.string().optional(),
    /** Needed only for a change `needsCurrentPassword` names; checked by the server. */
    currentPassword: z.string().max(128).optional(),
    bank_account: bankAccountSchema.optional(),
    shopName: shopNameSchema.optional(),
    shopPicture: shopImageSchema.optional(),
    shopBanner: shopImageSchema.optional(),
    role: acceptedAndIgnored,
    ...placeFields,
  })
  .strict()
  .superRefine(requireCity)
  .superRefine(passwordsMatch);

export const CURRENT_PASSWORD_MSG = {
  required: 'Please enter your current password to change your email, password or bank account',
  incorrect: 'Current password is incorrect',
} as const;

/**
 * Changes that could take an account over, so they need the current password (a stolen session alone must
 * not be enough) and end the account's other sessions: a new e-mail (the reset links go there), a new
 * password, or a new payout bank account. `stored` is the account as it is now.
 */
export function needsCurrentPassword(
  stored: { email: string; bank_account: string | null },
  change: { email?: string | undefined; password?: string | undefined; bank_account?: string | undefined },
): boolean {
  const email = change.email?.trim().toLowerCase();
  const bank = change.bank_account?.trim();
  return (
    (email !== undefined && email !== stored.email.trim().toLowerCase()) ||
    !!change.password ||
    (!!bank && bank !== (stored.bank_account ?? ''))
  );
}

/**
 * The profile form's schema: the body's, plus the buyer's 10-digit mobile for non-sellers and, given the
 * stored account, the current password when `needsCurrentPassword` says so.
 */
export const profileFormFor = (seller: boolean, stored?: { email: string; bank_account: string | null }) =>
  profileBody.superRefine((v, ctx) => {
    if (!seller && typeof v.phone === 'string' && /^\d*$/.test(v.phone) && !isBuyerPhone(v.phone))
      ctx.addIssue({ code: 'custom', path: ['phone'], message: BUYER_PHONE_MSG });
    if (stored && needsCurrentPassword(stored, v) && !v.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: CURRENT_PASSWORD_MSG.required });
  });
export type ProfileBody = z.input<typeof profileBody>;

export const shopSchema = z.object({
  _id: z.string(),
  shopName: z.string(),
  shopPicture: z.string().nullable(),
  shopBanner: z.string().nullable(),
});

/** A user as the API returns it (docs/product/api.md#resources User). Never the password hash. */
export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  currency: z.string(),
  role: z.array(z.enum(ROLE_NAMES)),
  active: z.boolean(),
  address: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  buisnessRegistrationCode: z.string().nullable(),
  bank_account: z.string().nullable(),
  identifyProof: z.string().nullable(),
  identifyProofNumber: z.string().nullable(),
  /** Number of private KYC documents; links are signed on demand (docs/product/roles-and-accounts.md). */
  verificationDocs: z.array(z.string()),
  shop: shopSchema.nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** Login / register answer: the user plus the bearer token (also set as an httpOnly cookie). */
export const authResponse = userSchema.extend({ token: z.string() });
export type AuthResponse = z.infer<typeof authResponse>;

export const roleSchema = z.object({ _id: z.string(), name: z.enum(ROLE_NAMES) });
export type Role = z.infer<typeof roleSchema>;

/** GET /api/users/public/:id — what anybody may know about a seller. */
export const publicUserSchema = z.object({ _id: z.string(), name: z.string() });

// ——— Password recovery (docs/product/messages.md "Reset password", docs/product/roles-and-accounts.md) ———

/** POST /api/users/forgot-password. */
export const forgotPasswordBody = z.object({ email: emailSchema }).strict();
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /api/users/reset-password/:token. docs/product/api.md sends `password`; a confirmation, when sent, must match. */
export const resetPasswordBody = z
  .object({ password: passwordSchema, confirmPassword: z.string().max(128).optional() })
  .strict()
  .superRefine(passwordsMatch);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

/** The reset form: the confirmation is required there. */
export const resetPasswordForm = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please re-type your password'),
  })
  .superRefine(passwordsMatch);
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

/** The token in /reset-password/:token: what we hand out is 43 base64url characters. */
export const resetTokenParams = z.object({ token: z.string().min(1).max(200) });

// ——— User administration (docs/product/screens.md Users table and Edit User, docs/product/api.md Users; docs/product/roles-and-accounts.md) ———

/** PUT /api/users/:id (Admin): docs/product/api.md's body. `role` is a list of role names or ids (one is fine too). */
export const adminUserUpdateBody = z
  .object({
    _id: z.string().max(100).optional(),
    name: nameSchema,
    email: emailSchema,
    role: z
      .union([z.string(), z.array(z.string().max(100)).max(ROLE_NAMES.length)])
      .transform((r) => (Array.isArray(r) ? r : [r]).map((x) => x.trim()).filter((x) => x !== ''))
      .refine((r) => r.length > 0, 'Please choose at least one role'),
    active: z.boolean(),
  })
  .strict();
export type AdminUserUpdateBody = z.input<typeof adminUserUpdateBody>;

/** The Edit User form. */
export const adminUserForm = z.object({
  name: nameSchema,
  email: emailSchema,
  role: z.array(z.enum(ROLE_NAMES)).min(1, 'Please choose at least one role'),
  active: z.boolean(),
});
export type AdminUserForm = z.infer<typeof adminUserForm>;

/** GET /api/users: one page of the users table (20 rows, docs/product/api.md#wire-conventions). */
export const userListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  keyword: z.string().trim().max(100).optional(),
});
export const userListResponse = z.object({
  users: z.array(userSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type UserList = z.infer<typeof userListResponse>;

/** POST /api/users/bulk (Admin): ids → users with their e-mail. */
export const bulkUsersBody = z.object({ ids: z.array(z.string().max(100)).min(1).max(200) }).strict();
export const bulkUsersResponse = z.array(z.object({ _id: z.string(), name: z.string(), email: z.string() }));

/** DELETE /api/users/:id: whether the user was removed or kept anonymised because of their orders. */
export const deleteUserResponse = z.object({ message: z.string(), anonymised: z.boolean() });
export type DeleteUserResponse = z.infer<typeof deleteUserResponse>;

/** POST /api/users/seller-verification-email and /seller-verified-email: docs/product/api.md's body. */
export const sellerEmailBody = z.object({ email: emailSchema }).strict();
