import { createHash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ACCOUNT_MSG,
  bankAccountUpdate,
  canViewProfile,
  checkRequestedRoles,
  documentLabels,
  registrationRole,
  requestedRoles,
  startsActive,
} from '#shared/accounts.ts';
import { MSG } from '#shared/messages.ts';
import { isSeller, isSellerAccount, type Actor } from '#shared/permissions.ts';
import { isRoleName, type RoleName } from '#shared/roles.ts';
import { shopLinkKey } from '#shared/seller-onboarding.ts';
import {
  BUYER_PHONE_MSG,
  CURRENT_PASSWORD_MSG,
  isBuyerPhone,
  needsCurrentPassword,
  type Role,
  type User,
  type profileBody,
  type registerBody,
  type loginBody,
} from '#shared/schemas/user.ts';
import { uniqueViolation } from '../../db/pg-errors.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import type { Queryable } from '../../db/client.ts';
import type { AuthedCtx, Ctx } from '../../lib/types.ts';
import { findCountry } from '../places/places.service.ts';
import * as repo from './accounts.repo.ts';
import * as resetRepo from './password-reset.repo.ts';
import * as sessionsRepo from './sessions.repo.ts';
import { invalidateCatalog, shopTags } from '../../db/catalog-invalidation.ts';

export const SESSION_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Create a server-side session; only the token's hash is stored (docs/product/roles-and-accounts.md). */
export async function createSession(
  db: Queryable,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await sessionsRepo.insertSession(db, userId, hashToken(token), expiresAt);
  return { token, expiresAt };
}

/** Load the actor for a session token, or null when the token is unknown or expired. */
export async function actorForToken(
  db: Queryable,
  token: string,
): Promise<{ actor: Actor; sessionId: string } | null> {
  const row = await sessionsRepo.findLiveSession(db, hashToken(token));
  if (!row) return null;
  return {
    sessionId: row.sessionId,
    actor: {
      id: row.id,
      name: row.name,
      email: row.email,
      active: row.active,
      roles: row.roles.filter(isRoleName),
    },
  };
}

type RegisterInput = z.output<typeof registerBody>;
type LoginInput = z.output<typeof loginBody>;
type ProfileInput = z.output<typeof profileBody>;
export type SignedIn = { user: User; token: string; expiresAt: Date };

const EMAIL_KEY = 'users_email_lower_key';
const SHOP_NAME_KEY = 'shops_name_lower_key';

const shopNameTaken = () =>
  new AppError('conflict', ACCOUNT_MSG.shopNameTaken, {
    code: 'shop_name_taken',
    errors: [{ path: 'shopName', message: ACCOUNT_MSG.shopNameTaken }],
  });

/**
 * 409 when another seller's shop would answer to the same /shop/ link (hyphens read as spaces, any case):
 * the unique index only sees case (ADR 0134). Inside a transaction, `lock` first takes a transaction-scoped
 * advisory lock on the link, so two sign-ups (or renames) to one link queue and the second sees the first's
 * shop; the check before the transaction only answers early, before a password is hashed.
 */
async function assertShopLinkFree(
  db: Queryable,
  shopName: string,
  exceptUserId?: string,
  { lock = false } = {},
): Promise<void> {
  const key = shopLinkKey(shopName);
  if (lock) await repo.lockShopLink(db, key);
  if (await repo.shopLinkTaken(db, key, exceptUserId)) throw shopNameTaken();
}

/** The one mapping from stored rows to the wire's User (docs/product/api.md#resources): no hash, no storage paths. */
export function toUser({ user, roles, shop }: repo.UserRecord): User {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    currency: user.currency,
    role: roles,
    active: user.active,
    address: user.address,
    country: user.country,
    state: user.state,
    city: user.city,
    buisnessRegistrationCode: user.businessRegistrationCode,
    bank_account: user.bankAccount,
    identifyProof: user.identifyProof,
    identifyProofNumber: user.identifyProofNumber,
    verificationDocs: documentLabels(user.verificationDocs.length),
    shop: shop && {
      _id: shop.id,
      shopName: shop.shopName,
      shopPicture: shop.shopPicture,
      shopBanner: shop.shopBanner,
    },
    createdAt: user.createdAt.toISOString(),
  };
}

async function loadUser(ctx: Ctx, id: string): Promise<User> {
  const record = await repo.findUserRecord(ctx.db, id);
  if (!record) throw notFound('User not found');
  return toUser(record);
}

/** The country as we store it (its canonical name) and the currency derived from it (docs/product/messages.md). */
function countryAndCurrency(country: string): { country: string; currency: string } {
  const found = findCountry(country);
  if (!found)
    throw invalid(ACCOUNT_MSG.unknownCountry, [{ path: 'country', message: ACCOUNT_MSG.unknownCountry }]);
  return { country: found.name, currency: found.currency };
}

const blankToNull = (v: string | undefined) => (v && v.trim() !== '' ? v.trim() : null);

export async function listRoles(ctx: Ctx): Promise<Role[]> {
  const rows = await repo.listRoles(ctx.db);
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

/**
 * POST /api/users. The role comes from docs/product/messages.md's rule, never from the body; a `role` in the body is only
 * checked (unknown → 400, not self-service → 403). User, role and first session are written together.
 */
export async function register(ctx: Ctx, body: RegisterInput): Promise<SignedIn> {
  const wanted = requestedRoles(body.role);
  const known = await repo.listRoles(ctx.db);
  const check = checkRequestedRoles(wanted, known);
  if (!check.ok) {
    if (check.reason === 'forbidden') throw forbidden(ACCOUNT_MSG.registrationRoleRefused);
    throw invalid(MSG.roleNotFound(check.role), [{ path: 'role', message: MSG.roleNotFound(check.role) }]);
  }
  const roleName = registrationRole(body);
  const roleId = known.find((r) => r.name === roleName)?.id;
  if (!roleId)
    throw invalid(MSG.roleNotFound(roleName), [{ path: 'role', message: MSG.roleNotFound(roleName) }]);
  const place = countryAndCurrency(body.country);
  // A seller names the shop at sign-up (ADR 0134); a buyer's shop name is ignored.
  const shopName = roleName !== 'Buyer' ? body.shopName : undefined;
  if (shopName !== undefined) await assertShopLinkFree(ctx.db, shopName);
  const passwordHash = await hashPassword(body.password);

  let created: { id: string; token: string; expiresAt: Date };
  try {
    created = await ctx.db.transaction(async (tx) => {
      const user = await repo.insertUser(tx, {
        name: body.name,
        phone: body.phone,
        email: body.email,
        passwordHash,
        currency: place.currency,
        country: place.country,
        state: body.state,
        city: body.city,
        address: body.address,
        active: startsActive(roleName),
        bankAccount: blankToNull(body.bank_account),
        businessRegistrationCode: blankToNull(body.buisnessRegistrationCode),
        // Buyers give none (the schema refuses them); sellers must (docs/product/messages.md).
        identifyProof: body.identifyProof ?? null,
        identifyProofNumber: blankToNull(body.identifyProofNumber),
      });
      await repo.insertUserRoles(tx, user.id, [roleId]);
      if (shopName !== undefined) {
        await assertShopLinkFree(tx, shopName, undefined, { lock: true });
        await repo.upsertShop(tx, user.id, { shopName });
        await invalidateCatalog(tx, shopTags(user.id));
      }
      const session = await createSession(tx, user.id);
      return { id: user.id, ...session };
    });
  } catch (err) {
    // The unique index decides, so two simultaneous sign-ups with one e-mail cannot both succeed.
    const key = uniqueViolation(err);
    if (key === EMAIL_KEY) throw conflict(MSG.userExists, 'user_exists');
    if (key === SHOP_NAME_KEY) throw shopNameTaken();
    throw err;
  }
  return { user: await loadUser(ctx, created.id), token: created.token, expiresAt: created.expiresAt };
}

/**
 * POST /api/users/login. Unknown e-mail and wrong password give the same answer and take the same time:
 * an unknown e-mail is checked against a dummy hash.
 */
export async function login(ctx: Ctx, body: LoginInput): Promise<SignedIn> {
  const creds = await repo.findCredentials(ctx.db, body.email);
  const ok = await verifyPassword(body.password, creds?.passwordHash ?? (await dummyHash()));
  if (!creds || !ok) throw new AppError('unauthenticated', MSG.invalidLogin, { code: 'invalid_login' });
  const session = await createSession(ctx.db, creds.id);
  return { user: await loadUser(ctx, creds.id), ...session };
}

/** POST /api/users/logout: the session presented with the request stops working. */
export async function logout(ctx: Ctx, sessionId: string | null): Promise<void> {
  if (sessionId) await repo.deleteSession(ctx.db, sessionId);
}

/** GET /api/users/:id ('profile' = the caller). Others' profiles only for Admin and Auditor; else 404. */
export async function getProfile(ctx: AuthedCtx, id: string): Promise<User> {
  const userId = id === 'profile' ? ctx.actor.id : id;
  if (!canViewProfile(ctx.actor, userId)) throw notFound('User not found');
  return loadUser(ctx, userId);
}

/** GET /api/users/public/:id: the name anybody may see (seller name on product pages). */
export async function getPublicUser(ctx: Ctx, id: string): Promise<{ _id: string; name: string }> {
  const found = await repo.findPublicUser(ctx.db, id);
  if (!found) throw notFound('User not found');
  return { _id: found.id, name: found.name };
}

// For other modules (user administration, KYC): accounts are read through these, never the repo.

export type { UserRecord } from './accounts.repo.ts';

/** A live (not deleted) user with their role names and shop, or null. */
export async function findUserRecord(db: Queryable, id: string): Promise<repo.UserRecord | null> {
  return repo.findUserRecord(db, id);
}

/** Every role with its id, by name. */
export async function rolesWithIds(db: Queryable): Promise<{ id: string; name: RoleName }[]> {
  return repo.listRoles(db);
}

/** A live user by e-mail address, compared case-insensitively, or null. */
export async function findUserByEmail(
  db: Queryable,
  email: string,
): Promise<{ id: string; name: string; email: string } | null> {
  return resetRepo.findUserByEmail(db, email);
}

/** Who delivers orders: every active Distributor (the notifications module mails them each order). */
export async function distributorRecipients(db: Queryable): Promise<{ name: string; email: string }[]> {
  return repo.activeDistributors(db);
}

/**
 * Counts a check of the account's password against the sign-in limits: answers a function to call when the
 * password was right, or throws 429 when the caller has guessed too often.
 */
export type PasswordGate = (email: string) => Promise<() => Promise<void>>;

/**
 * PUT /api/users/profile: only the caller's own row, never role or active (the body schema has no such
 * fields). A new e-mail, password or bank account needs the current password (a stolen session alone
 * cannot take the account over) and ends the caller's other sessions. Sellers keep their shop settings here.
 */
export async function updateProfile(
  ctx: AuthedCtx,
  sessionId: string | null,
  body: ProfileInput,
  gate: PasswordGate,
): Promise<User> {
  const me = ctx.actor.id;
  const current = await repo.findUserRecord(ctx.db, me);
  if (!current) throw notFound('User not found');

  // docs/product/messages.md: a buyer's mobile is exactly 10 digits; sellers keep the 5–15 digits they registered with,
  // under review or not. Shop settings are selling, a power an inactive seller does not hold.
  const seller = isSeller(ctx.actor);
  if (!isSellerAccount(ctx.actor) && !isBuyerPhone(body.phone))
    throw invalid(BUYER_PHONE_MSG, [{ path: 'phone', message: BUYER_PHONE_MSG }]);

  const bank = bankAccountUpdate(current.user.bankAccount, body.bank_account);
  if (!bank.ok)
    throw invalid(ACCOUNT_MSG.bankAccountNotOnFile, [
      { path: 'bank_account', message: ACCOUNT_MSG.bankAccountNotOnFile },
    ]);

  // Shop settings are for active sellers only; anyone else's shop fields are dropped, never written.
  // docs/product/messages.md makes the shop name required for sellers: a seller without a shop must name one; one who has
  // a shop may leave the shop fields out to keep it as it is.
  if (seller && body.shopName === undefined && !current.shop)
    throw invalid(ACCOUNT_MSG.shopNameRequired, [
      { path: 'shopName', message: ACCOUNT_MSG.shopNameRequired },
    ]);

  const place = countryAndCurrency(body.country);
  if (seller && body.shopName !== undefined) await assertShopLinkFree(ctx.db, body.shopName, me);

  const sensitive = needsCurrentPassword(
    { email: current.user.email, bank_account: current.user.bankAccount },
    body,
  );
  if (sensitive) {
    if (!body.currentPassword)
      throw invalid(CURRENT_PASSWORD_MSG.required, [
        { path: 'currentPassword', message: CURRENT_PASSWORD_MSG.required },
      ]);
    // Counted like a sign-in, so a stolen session cannot be used to guess the password without limit.
    const passed = await gate(current.user.email);
    if (!(await verifyPassword(body.currentPassword, current.user.passwordHash)))
      throw invalid(CURRENT_PASSWORD_MSG.incorrect, [
        { path: 'currentPassword', message: CURRENT_PASSWORD_MSG.incorrect },
      ]);
    await passed();
  }
  const newPassword = body.password ? await hashPassword(body.password) : undefined;

  try {
    await ctx.db.transaction(async (tx) => {
      await repo.updateUser(tx, me, {
        name: body.name,
        phone: body.phone,
        email: body.email,
        address: body.address,
        country: place.country,
        currency: place.currency,
        state: body.state,
        city: body.city,
        bankAccount: bank.value,
        ...(newPassword && { passwordHash: newPassword }),
      });
      if (seller && body.shopName !== undefined) {
        await assertShopLinkFree(tx, body.shopName, me, { lock: true });
        await repo.upsertShop(tx, me, {
          shopName: body.shopName,
          shopPicture: body.shopPicture,
          shopBanner: body.shopBanner,
        });
      }
      if (seller) await invalidateCatalog(tx, shopTags(me));
      if (sensitive) await repo.deleteOtherSessions(tx, me, sessionId);
    });
  } catch (err) {
    const key = uniqueViolation(err);
    if (key === EMAIL_KEY) throw conflict(MSG.userExists, 'user_exists');
    if (key === SHOP_NAME_KEY) throw shopNameTaken();
    throw err;
  }
  return loadUser(ctx, me);
}
