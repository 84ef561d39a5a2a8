import type { z } from 'zod';
import { isActiveSellerUser, LAST_ADMIN_MSG, SELLER_MSG } from '#shared/accounts.ts';
import { MSG } from '#shared/messages.ts';
import type { RoleName } from '#shared/roles.ts';
import { isUuid } from '#shared/schemas/common.ts';
import type { adminUserUpdateBody, DeleteUserResponse, User, UserList } from '#shared/schemas/user.ts';
import { foreignKeyViolation, uniqueViolation } from '../../db/pg-errors.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import * as accounts from '../accounts/accounts.service.ts';
import { queueSellerVerifiedEmail } from '../accounts/seller-onboarding.service.ts';
import * as repo from './users-admin.repo.ts';
import { invalidateCatalog, shopTags } from '../../db/catalog-invalidation.ts';

/**
 * User administration (docs/product/screens.md Users table / Edit User, docs/product/orders-and-checkout.md#checkout-flow "User edit", docs/product/roles-and-accounts.md#permissions; docs/product/roles-and-accounts.md). The routes
 * guard who may call: list and read for Admin and Auditor, everything else Admin only.
 */

export const USERS_PAGE_SIZE = 20;
const EMAIL_KEY = 'users_email_lower_key';

type UpdateInput = z.output<typeof adminUserUpdateBody>;

/** GET /api/users: newest first, 20 a page, optionally filtered by a name or e-mail fragment. */
export async function listUsers(
  ctx: AuthedCtx,
  query: { pageNumber: number; keyword?: string | undefined },
): Promise<UserList> {
  const { records, total } = await repo.listUsers(ctx.db, {
    limit: USERS_PAGE_SIZE,
    offset: (query.pageNumber - 1) * USERS_PAGE_SIZE,
    keyword: query.keyword || undefined,
  });
  return {
    users: records.map(accounts.toUser),
    page: query.pageNumber,
    pages: Math.max(1, Math.ceil(total / USERS_PAGE_SIZE)),
    total,
  };
}

/** POST /api/users/bulk: the named users' e-mails (unknown and malformed ids are left out). */
export async function bulkUsers(
  ctx: AuthedCtx,
  ids: readonly string[],
): Promise<{ _id: string; name: string; email: string }[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  const rows = await repo.findUsersByIds(ctx.db, valid);
  return rows.map((r) => ({ _id: r.id, name: r.name, email: r.email }));
}

/** Match role names or ids (names case-insensitively) against the roles table; unknown → '{role} role not found'. */
async function resolveRoles(
  ctx: AuthedCtx,
  wanted: readonly string[],
): Promise<{ id: string; name: RoleName }[]> {
  const known = await accounts.rolesWithIds(ctx.db);
  const found = new Map<string, { id: string; name: RoleName }>();
  for (const w of wanted) {
    const lower = w.toLowerCase();
    const hit = known.find((k) => k.id.toLowerCase() === lower || k.name.toLowerCase() === lower);
    if (!hit) throw invalid(MSG.roleNotFound(w), [{ path: 'role', message: MSG.roleNotFound(w) }]);
    found.set(hit.id, hit);
  }
  return [...found.values()];
}

/** GET /api/users/role/:roleId: the users holding a role, by its id (or name). */
export async function usersWithRole(ctx: AuthedCtx, roleId: string): Promise<User[]> {
  const known = await accounts.rolesWithIds(ctx.db);
  const lower = roleId.toLowerCase();
  const role = known.find((k) => k.id.toLowerCase() === lower || k.name.toLowerCase() === lower);
  if (!role) throw notFound(MSG.roleNotFound(roleId));
  return (await repo.listUsersWithRoleId(ctx.db, role.id)).map(accounts.toUser);
}

/**
 * PUT /api/users/:id: name, e-mail, roles, active. In one transaction, taking turns with other admin
 * changes: the change is applied, then refused if no active Admin would be left. A user who ends up
 * active with a seller role is queued the seller-verified e-mail — once ever, by the notification's
 * unique key, however often they are saved or re-activated. Returns the user and whether a mail was queued.
 */
export async function updateUser(
  ctx: AuthedCtx,
  id: string,
  body: UpdateInput,
  origin: string,
): Promise<{ user: User; mailed: boolean }> {
  if (body._id !== undefined && body._id !== id)
    throw invalid('The id in the body does not match the address', [{ path: '_id', message: 'Invalid id' }]);
  const roleList = await resolveRoles(ctx, body.role);

  let mailed = false;
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.lockAdminChanges(tx);
      const updated = await repo.updateAdminFields(tx, id, {
        name: body.name,
        email: body.email,
        active: body.active,
      });
      if (!updated) throw notFound('User not found');
      await invalidateCatalog(tx, shopTags(id));
      await repo.setRoles(
        tx,
        id,
        roleList.map((r) => r.id),
      );
      if ((await repo.countActiveAdmins(tx)) < 1) throw conflict(LAST_ADMIN_MSG, 'last_admin');
      if (isActiveSellerUser({ roles: roleList.map((r) => r.name), active: body.active }))
        mailed = await queueSellerVerifiedEmail(tx, { id, name: body.name, email: body.email }, origin);
    });
  } catch (err) {
    if (uniqueViolation(err) === EMAIL_KEY) throw conflict(MSG.userExists, 'user_exists');
    throw err;
  }
  const record = await accounts.findUserRecord(ctx.db, id);
  if (!record) throw notFound('User not found');
  return { user: accounts.toUser(record), mailed };
}

/**
 * POST /api/users/seller-verified-email (Admin): queue the seller-verified e-mail for an active seller.
 * Idempotent: the mail goes out once, however often this is called (PUT /api/users/:id queues it too).
 */
export async function sendSellerVerified(
  ctx: AuthedCtx,
  email: string,
  origin: string,
): Promise<{ message: string; queued: boolean }> {
  const queued = await ctx.db.transaction(async (tx) => {
    const found = await accounts.findUserByEmail(tx, email);
    if (!found) throw notFound('User not found');
    const record = await accounts.findUserRecord(tx, found.id);
    if (!record || !isActiveSellerUser({ roles: record.roles, active: record.user.active }))
      throw conflict(SELLER_MSG.notActiveSeller, 'not_active_seller');
    return queueSellerVerifiedEmail(tx, found, origin);
  });
  return { message: 'Seller verified e-mail requested', queued };
}

/**
 * DELETE /api/users/:id. A user others' records point at (orders, order lines, payouts, products,
 * reviews) is anonymised — the row stays so orders stay intact; anyone else is deleted. Either way the
 * person's KYC files are removed from storage afterwards. The last active Admin cannot be deleted, and
 * an admin does not delete their own account here.
 */
export async function deleteUser(ctx: AuthedCtx, storage: Storage, id: string): Promise<DeleteUserResponse> {
  const { anonymised, documents } = await ctx.db.transaction(async (tx) => {
    await repo.lockAdminChanges(tx);
    const current = await accounts.findUserRecord(tx, id);
    if (!current) throw notFound('User not found');
    let kept = await repo.hasHistory(tx, id);
    if (!kept) {
      try {
        // A savepoint: if some other table still points at the user, anonymise instead.
        await tx.transaction(async (sp) => repo.hardDelete(sp, id));
      } catch (err) {
        if (!foreignKeyViolation(err)) throw err;
        kept = true;
      }
    }
    if (kept) await repo.anonymise(tx, id);
    await invalidateCatalog(tx, shopTags(id));
    if ((await repo.countActiveAdmins(tx)) < 1) throw conflict(LAST_ADMIN_MSG, 'last_admin');
    if (id === ctx.actor.id) throw conflict('You cannot delete your own account', 'self_delete');
    return { anonymised: kept, documents: current.user.verificationDocs };
  });
  // After the commit: a file that cannot be removed now is only an orphan, never reachable (private).
  await Promise.allSettled(documents.map((key) => storage.delete(key)));
  return {
    message: anonymised ? 'User anonymised; their orders are kept' : 'User removed',
    anonymised,
  };
}
