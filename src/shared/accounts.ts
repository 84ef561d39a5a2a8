import { canViewUserList, type Actor } from './permissions.ts';
import { SELF_SERVICE_ROLES, type RoleName } from './roles.ts';

/**
 * Pure account rules (SPEC §5, §6; DECISIONS §4). The server applies them; the web may show them.
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
 * SPEC §5 seller registration: Seller-Company when both a bank account and a business registration code
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

/** Sellers wait for an Admin to review them (SPEC §1, DECISIONS §4); buyers can shop at once. */
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
 * or, case-insensitively, by name. The first entry that is unknown ('{role} role not found', SPEC §5) or
 * not a self-service role (Admin, Auditor, Distributor: refused, DECISIONS §4) decides the answer.
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

/** A user's full profile is visible to the user, to Admin and to Auditor (SPEC §6); anyone else gets 404. */
export const canViewProfile = (actor: Actor | null | undefined, userId: string): boolean =>
  !!actor && (actor.id === userId || canViewUserList(actor));

/** E-mails are compared case-insensitively (the database's unique index is on lower(email)). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export type BankAccountUpdate = { ok: true; value: string | null } | { ok: false };

/**
 * SPEC §5: the profile shows the bank account only when the user already has one. So: no value, a blank
 * value or the current value leave it unchanged (a payout account is never wiped from the profile form);
 * a new value replaces an existing one; setting one where none is on file is refused.
 */
export function bankAccountUpdate(current: string | null, requested: string | undefined): BankAccountUpdate {
  if (!filled(requested) || requested.trim() === current) return { ok: true, value: current };
  if (!filled(current)) return { ok: false };
  return { ok: true, value: requested.trim() };
}

/** Documents are private: the wire carries labels ('Document 1', …), never storage paths (DECISIONS §4). */
export const documentLabels = (count: number): string[] =>
  Array.from({ length: count }, (_, i) => `Document ${i + 1}`);
