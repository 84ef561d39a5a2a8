import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ROLE_NAMES } from '../roles.ts';

/**
 * Account payloads (SPEC §5 "Buyer registration and profile", DECISIONS §4). The same schemas validate the
 * forms (zodResolver) and the server's request bodies; the server re-checks everything.
 */

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Please enter your email')
  .max(254, 'Email is too long')
  .pipe(z.email({ message: 'Please enter a valid email address' }));

/** DECISIONS §4: at least 8 characters. The upper bound stops hashing megabytes. */
export const passwordSchema = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const nameSchema = z.string().trim().min(1, 'Please enter your name').max(100, 'Name is too long');

/** Buyer mobile: exactly 10 digits, without country code (SPEC §5). */
export const buyerPhoneSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'Mobile number must be exactly 10 digits');

/** Bank account: at most 18 characters (SPEC §9). */
export const bankAccountSchema = z
  .string()
  .trim()
  .max(18, 'Bank account number cannot be more than 18 characters')
  .regex(/^[0-9A-Za-z]*$/, 'Bank account number may contain letters and digits only');

/** Hong Kong, Macau and Taiwan are looked up under China: state auto-picked, no city (SPEC §5). */
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
function passwordsMatch<T extends { password?: string; confirmPassword?: string }>(v: T, ctx: z.RefinementCtx) {
  if (v.confirmPassword !== undefined && v.password !== v.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: MSG.passwordsDoNotMatch });
}

/**
 * POST /api/users — buyer registration (and, with the seller fields, seller sign-up; Seller issue).
 * `role` may name a role (or give its id); the server decides the role by SPEC §5's rule and refuses
 * anything other than Buyer / Seller-Individual / Seller-Company with 403.
 */
export const registerBody = z
  .object({
    name: nameSchema,
    phone: buyerPhoneSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string().optional(),
    currency: z.string().trim().length(3).optional(),
    role: z.union([z.string(), z.array(z.string())]).optional(),
    buisnessRegistrationCode: z.string().trim().max(15).optional(),
    bank_account: bankAccountSchema.optional(),
    ...placeFields,
  })
  .strict()
  .superRefine(requireCity)
  .superRefine(passwordsMatch);
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

/** Shop name: required for sellers, at most 30 words (SPEC §5, §9). */
export const shopNameSchema = z
  .string()
  .trim()
  .min(1, 'Please enter a shop name')
  .max(300, 'Shop name is too long')
  .refine((v) => v.split(/\s+/).filter(Boolean).length <= 30, MSG.shopNameTooLong);

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
 * PUT /api/users/profile (SPEC §5): name, mobile, e-mail, address, country, state, city are required.
 * Password and confirmation change the password when given. Role, active and ids are not accepted.
 * Sellers also send their shop settings (shopName, and shopPicture / shopBanner as uploaded paths).
 */
export const profileBody = z
  .object({
    name: nameSchema,
    phone: buyerPhoneSchema,
    email: emailSchema,
    password: passwordSchema.optional().or(z.literal('')),
    confirmPassword: z.string().optional(),
    bank_account: bankAccountSchema.optional(),
    shopName: shopNameSchema.optional(),
    shopPicture: shopImageSchema.optional(),
    shopBanner: shopImageSchema.optional(),
    ...placeFields,
  })
  .strict()
  .superRefine(requireCity)
  .superRefine(passwordsMatch);
export type ProfileBody = z.input<typeof profileBody>;

export const shopSchema = z.object({
  _id: z.string(),
  shopName: z.string(),
  shopPicture: z.string().nullable(),
  shopBanner: z.string().nullable(),
});

/** A user as the API returns it (SPEC §3 User). Never the password hash. */
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
  /** Number of private KYC documents; links are signed on demand (DECISIONS §4). */
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
