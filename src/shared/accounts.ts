import { canViewUserList, type Actor } from './permissions.ts';
import { SELF_SERVICE_ROLES, SELLER_ROLES, type RoleName } from './roles.ts';

/**
 * Pure account rules (docs/product/messages.md, docs/product/roles-and-accounts.md#permissions; docs/product/roles-and-accounts.md). The server applies them; the web may show them.
 */

export const ACCOUNT_MSG = {
  loggedOut: 'Logged out',
  unknownCountry: 'Please select a country',
  bankAccountNotOnFile: 'A bank account can only be changed when one is already on file',
  shopNameRequired: 'Please enter a shop name',
  shopNameTaken: 'Shop name is already taken',
  registrationRoleRefused: 'That role cannot be chosen at registration',
} as const;

const filled = (v: string | null | undefined): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * docs/product/messages.md seller registration: Seller-Company when both a bank account and a business registration code
 * are given, Seller-Individual when only a bank account is given, else Buyer.
 */
export function registrationRole(input: {
  bank_account?: string | null;
  buisnessRegistrationCode?: string | null;
}): RoleName {
  if (filled(input.bank_account))
    return filled(input.buisnessRegistrationCode) ? 'Seller-Company' : 'Seller-Individual';
  return 'Buyer';
}

/** Sellers wait for an Admin to review them (docs/product/README.md#what-haat-is, docs/product/roles-and-accounts.md); buyers can shop at once. */
export const startsActive = (role: RoleName): boolean => role === 'Buyer';

/** The `role` field of a registration body: a name, an id, or a list of either; blanks mean "not given". */
export function requestedRoles(role: string | string[] | undefined): string[] {
  const list = role === undefined ? [] : Array.isArray(role) ? role : [role];
  return list.map((r) => r.trim()).filter((r) => r !== '');
}

export type RoleCheck =
  | { ok: true }
  | { ok: false; reason: 'not_found'; role: string }
  | { ok: false; reason: 'forbidden'; role: RoleName };

/**
 * Check the roles a registration asks for against the roles table (`known`). Each entry is matched by id
 * or, case-insensitively, by name. The first entry that is unknown ('{role} role not found', docs/product/messages.md) or
 * not a self-service role (Admin, Auditor, Distributor: refused, docs/product/roles-and-accounts.md) decides the answer.
 */
export function checkRequestedRoles(
  requested: readonly string[],
  known: readonly { id: string; name: RoleName }[],
): RoleCheck {
  for (const r of requested) {
    const lower = r.toLowerCase();
    const hit = known.find((k) => k.id.toLowerCase() === lower || k.name.toLowerCase() === lower);
    if (!hit) return { ok: false, reason: 'not_found', role: r };
    if (!SELF_SERVICE_ROLES.includes(hit.name)) return { ok: false, reason: 'forbidden', role: hit.name };
  }
  return { ok: true };
}

/** A user's full profile is visible to the user, to Admin and to Auditor (docs/product/roles-and-accounts.md#permissions); anyone else gets 404. */
export const canViewProfile = (actor: Actor | null | undefined, userId: string): boolean =>
  !!actor && (actor.id === userId || canViewUserList(actor));

/** E-mails are compared case-insensitively (the database's unique index is on lower(email)). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export type BankAccountUpdate = { ok: true; value: string | null } | { ok: false };

/**
 * docs/product/messages.md: the profile shows the bank account only when the user already has one. So: no value, a blank
 * value or the current value leave it unchanged (a payout account is never wiped from the profile form);
 * a new value replaces an existing one; setting one where none is on file is refused.
 */
export function bankAccountUpdate(current: string | null, requested: string | undefined): BankAccountUpdate {
  if (!filled(requested) || requested.trim() === current) return { ok: true, value: current };
  if (!filled(current)) return { ok: false };
  return { ok: true, value: requested.trim() };
}

/** Documents are private: the wire carries labels ('Document 1', …), never storage paths (docs/product/roles-and-accounts.md). */
export const documentLabels = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `Document ${i + 1}`);

// ——— Seller onboarding (docs/product/messages.md "Seller registration", docs/product/roles-and-accounts.md, docs/product/catalog.md) ———

export const SELLER_MSG = {
  fillAllFields: 'Please fill out all fields',
  fileUploadFailed: 'File upload failed. Registration not completed.',
  invalidResponse: 'Invalid response from server',
  documentsRequired: 'Please upload your identity documents',
  tooManyDocuments: 'You can upload at most 5 documents',
  documentType: 'Each document must be a PDF, JPEG or PNG file',
  documentTooLarge: 'Each document must be at most 10 MB',
  identifyProofRequired: 'Please select an identity proof type',
  identifyProofNumberRequired: 'Please enter your identity proof number',
  bankAccountRequired: 'Please enter your bank account number',
  registrationCodeRequired: 'Please enter your GSTIN',
  notASeller: 'Only sellers have verification documents',
  noDocuments: 'Please upload your identity documents first',
  notActiveSeller: 'That user is not an active seller',
  linkInvalid: 'This link is invalid or has expired',
  registrationNotWithdrawable: 'Only an unfinished seller registration can be withdrawn',
} as const;

/** Identity proof types a seller may give, with the number each must have (docs/product/messages.md). */
export const IDENTITY_PROOF_TYPES = ['Passport', 'Aadhar Card', 'Pan Card', 'Driving License'] as const;
export type IdentityProofType = (typeof IDENTITY_PROOF_TYPES)[number];

export const isIdentityProofType = (v: unknown): v is IdentityProofType =>
  typeof v === 'string' && (IDENTITY_PROOF_TYPES as readonly string[]).includes(v);

export const IDENTITY_PROOF_FORMATS: Readonly<
  Record<IdentityProofType, { pattern: RegExp; message: string; hint: string }>
> = {
  Passport: {
    pattern: /^[A-Z0-9]{8}$/,
    message: 'Passport number must be 8 letters or digits',
    hint: '8 letters or digits',
  },
  'Aadhar Card': {
    pattern: /^\d{12}$/,
    message: 'Aadhar Card number must be 12 digits',
    hint: '12 digits',
  },
  'Pan Card': {
    pattern: /^[A-Z0-9]{10}$/,
    message: 'Pan Card number must be 10 letters or digits',
    hint: '10 letters or digits',
  },
  'Driving License': {
    pattern: /^[A-Z0-9]{15,20}$/,
    message: 'Driving License number must be 15 to 20 letters or digits',
    hint: '15 to 20 letters or digits',
  },
};

/**
 * How an identity number is stored and checked: upper case, without the spaces and hyphens people type
 * to group digits ("1234 5678 9012" is the Aadhar number 123456789012).
 */
export const normalizeIdentityNumber = (v: string): string => v.replace(/[\s-]/g, '').toUpperCase();

/** The message for a number that does not fit its proof type, or null when it fits. */
export function identityProofNumberError(type: IdentityProofType, number: string): string | null {
  const rule = IDENTITY_PROOF_FORMATS[type];
  return rule.pattern.test(normalizeIdentityNumber(number)) ? null : rule.message;
}

/** KYC documents: PDF, JPEG or PNG, at most 10 MB each and 5 per seller (docs/product/catalog.md). */
export const KYC_LIMITS = {
  maxFiles: 5,
  maxBytes: 10 * 1024 * 1024,
  contentTypes: ['application/pdf', 'image/jpeg', 'image/png'],
  /** For <input accept>. */
  accept: '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png',
} as const;

/**
 * Check chosen files before sending them (the server checks again, by content): the first problem's
 * message, or null. `alreadyOnFile` counts documents the seller uploaded before.
 */
export function documentFilesError(
  files: readonly { size: number; type: string }[],
  alreadyOnFile = 0,
): string | null {
  if (files.length === 0) return SELLER_MSG.documentsRequired;
  if (files.length + alreadyOnFile > KYC_LIMITS.maxFiles) return SELLER_MSG.tooManyDocuments;
  // An empty type means the browser could not tell; the server sniffs the content anyway.
  if (files.some((f) => f.type !== '' && !(KYC_LIMITS.contentTypes as readonly string[]).includes(f.type)))
    return SELLER_MSG.documentType;
  if (files.some((f) => f.size > KYC_LIMITS.maxBytes)) return SELLER_MSG.documentTooLarge;
  return null;
}

/** A seller account still waiting for review: it sees /profile-review-screen instead of seller menus. */
export const isPendingSeller = (user: { role: readonly RoleName[]; active: boolean }): boolean =>
  !user.active && user.role.some((r) => SELLER_ROLES.includes(r));

/**
 * docs/product/orders-and-checkout.md#checkout-flow "User edit": a user who is (made) active and holds a seller role gets the seller-verified
 * e-mail. The mail's unique key makes it go out once however often this is true.
 */
export const isActiveSellerUser = (user: { roles: readonly RoleName[]; active: boolean }): boolean =>
  user.active && user.roles.some((r) => SELLER_ROLES.includes(r));

/** docs/product/roles-and-accounts.md: an admin cannot delete, demote or deactivate the last active Admin. */
export const LAST_ADMIN_MSG = 'There must be at least one active Admin';

/** Password reset links are valid one hour (docs/product/roles-and-accounts.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Signed links to KYC documents: well inside docs/product/roles-and-accounts.md's 15 minutes. */
export const SIGNED_LINK_TTL_MS = 10 * 60 * 1000;

export const RESET_MSG = {
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  errorSendingEmail: 'Error sending email',
  errorResetting: 'Error resetting password',
} as const;
