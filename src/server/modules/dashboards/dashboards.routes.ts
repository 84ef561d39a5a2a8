import { canViewUserList, isSeller } from '#shared/permissions.ts';
import { errorSchema, pageQuery } from '#shared/schemas/common.ts';
import { sellerDashboardSchema, sellerOnboardingSchema } from '#shared/schemas/dashboard.ts';
import { userListResponse } from '#shared/schemas/user.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as dashboards from './dashboards.service.ts';

const errors = { 401: errorSchema, 403: errorSchema };

/** The seller dashboard and the seller approval queue (docs/decisions/0115-seller-and-operator-views.md). */
export default async function dashboardsRoutes(app: App) {
  app.get(
    '/seller/dashboard',
    {
      onRequest: requirePermission(isSeller),
      schema: {
        tags: ['dashboards'],
        summary:
          "The signed-in seller's shipments to accept, pack and ship, late ones, returns to handle, low stock, and the last 30 days (active sellers)",
        response: { 200: sellerDashboardSchema, ...errors },
      },
    },
    async (req) => dashboards.sellerDashboard(signedIn(req)),
  );

  app.get(
    '/seller/onboarding',
    {
      onRequest: requirePermission(isSeller),
      schema: {
        tags: ['dashboards'],
        summary:
          "The signed-in seller's first steps (shop picture and banner, payout bank account, first product), each ticked from their own data (active sellers)",
        response: { 200: sellerOnboardingSchema, ...errors },
      },
    },
    async (req) => dashboards.sellerOnboarding(signedIn(req)),
  );

  app.get(
    '/admin/sellers/pending',
    {
      // The users table's readers: Admin approves, the Auditor may look (read-only, like the users table).
      onRequest: requirePermission(canViewUserList),
      schema: {
        tags: ['dashboards'],
        summary:
          'Seller accounts awaiting approval, oldest first, with their KYC documents, 20 a page (Admin, Auditor)',
        querystring: pageQuery,
        response: { 200: userListResponse, ...errors },
      },
    },
    async (req) => dashboards.pendingSellers(signedIn(req), req.query.pageNumber),
  );
}
