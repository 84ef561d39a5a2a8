import { z } from 'zod';
import { canManageUsers, canViewUserList } from '#shared/permissions.ts';
import { messageSchema, idParams } from '#shared/schemas/common.ts';
import {
  adminUserUpdateBody,
  bulkUsersBody,
  bulkUsersResponse,
  deleteUserResponse,
  sellerEmailBody,
  userListQuery,
  userListResponse,
  userSchema,
} from '#shared/schemas/user.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { publicOrigin } from '../../lib/links.ts';
import * as service from './users-admin.service.ts';
import { signedIn } from '../../plugins/context.ts';

const userIdParams = idParams('User not found');
const roleParams = z.object({ roleId: z.string().max(100) });

/**
 * User administration (docs/product/api.md Users; docs/product/roles-and-accounts.md: the list is Admin and Auditor, Auditor read-only;
 * everything that changes a user is Admin only). GET /api/users/:id lives with the accounts routes.
 */
export default async function usersAdminRoutes(app: App) {
  const viewer = requirePermission(canViewUserList);
  const admin = requirePermission(canManageUsers);

  app.get(
    '/users',
    {
      onRequest: viewer,
      schema: {
        tags: ['users'],
        summary: 'Users table, 20 a page (Admin, Auditor)',
        querystring: userListQuery,
        response: { 200: userListResponse },
      },
    },
    async (req) => service.listUsers(signedIn(req), req.query),
  );

  app.put(
    '/users/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Edit a user: name, e-mail, roles, active (Admin)',
        params: userIdParams,
        body: adminUserUpdateBody,
        response: { 200: userSchema },
      },
    },
    async (req) => {
      const { user, mailed } = await service.updateUser(
        signedIn(req),
        req.params.id,
        req.body,
        publicOrigin(req),
      );
      if (mailed) app.jobs.wake();
      return user;
    },
  );

  app.delete(
    '/users/:id',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Delete a user; one with orders is anonymised instead (Admin)',
        params: userIdParams,
        response: { 200: deleteUserResponse },
      },
    },
    async (req) => service.deleteUser(signedIn(req), app.storage, req.params.id),
  );

  app.post(
    '/users/bulk',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Users with their e-mail, by ids (Admin)',
        body: bulkUsersBody,
        response: { 200: bulkUsersResponse },
      },
    },
    async (req) => service.bulkUsers(signedIn(req), req.body.ids),
  );

  app.get(
    '/users/role/:roleId',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: 'Users holding a role, by role id or name (Admin)',
        params: roleParams,
        response: { 200: z.array(userSchema) },
      },
    },
    async (req) => service.usersWithRole(signedIn(req), req.params.roleId),
  );

  app.post(
    '/users/seller-verified-email',
    {
      onRequest: admin,
      schema: {
        tags: ['users'],
        summary: "Send an active seller the 'verified' e-mail (once; asking again is harmless) (Admin)",
        body: sellerEmailBody,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      const { message, queued } = await service.sendSellerVerified(
        signedIn(req),
        req.body.email,
        publicOrigin(req),
      );
      if (queued) app.jobs.wake();
      return { message };
    },
  );
}
