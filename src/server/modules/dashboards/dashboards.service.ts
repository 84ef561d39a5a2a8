import { dashboardDays, dashboardWindowStart, fillDays, indianDate } from '#shared/dashboard.ts';
import { parseMoney, sumMoney, toWireNumber } from '#shared/money.ts';
import type { SellerDashboard, SellerOnboarding } from '#shared/schemas/dashboard.ts';
import { onboardingSteps } from '#shared/seller-onboarding.ts';
import type { UserList } from '#shared/schemas/user.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import * as accounts from '../accounts/accounts.service.ts';
import * as repo from './dashboards.repo.ts';

/** The seller dashboard and the seller approval queue (docs/decisions/0115-seller-and-operator-views.md). */

const LOW_STOCK_LISTED = 20;
export const PENDING_SELLERS_PAGE_SIZE = 20;

/** GET /api/seller/dashboard: the signed-in seller's own numbers (the route lets only active sellers in). */
export async function sellerDashboard(ctx: AuthedCtx, now = new Date()): Promise<SellerDashboard> {
  const sellerId = ctx.actor.id;
  const days = dashboardDays(now);
  const [numbers, dayRows, lowStockVariants] = await Promise.all([
    repo.dashboardNumbers(ctx.db, sellerId),
    repo.dashboardDays(ctx.db, sellerId, dashboardWindowStart(now)),
    repo.lowStockVariants(ctx.db, sellerId, LOW_STOCK_LISTED),
  ]);
  const points = fillDays(
    days,
    dayRows.map((r) => ({
      date: r.date,
      sales: parseMoney(r.sales),
      units: r.units,
      cancellations: r.cancellations,
    })),
  );
  const inWindow = new Set(days);
  const orders = dayRows.filter((r) => inWindow.has(r.date)).reduce((n, r) => n + r.orders, 0);
  return {
    today: indianDate(now),
    ...numbers,
    lowStockVariants,
    last30: {
      from: days[0]!,
      to: days.at(-1)!,
      sales: toWireNumber(sumMoney(points.map((p) => p.sales))),
      units: points.reduce((n, p) => n + p.units, 0),
      orders,
      cancellations: points.reduce((n, p) => n + p.cancellations, 0),
    },
    days: points.map((p) => ({ ...p, sales: toWireNumber(p.sales) })),
  };
}

/** GET /api/seller/onboarding: the signed-in seller's first steps (ADR 0134; the route lets only active sellers in). */
export async function sellerOnboarding(ctx: AuthedCtx): Promise<SellerOnboarding> {
  return onboardingSteps(await repo.onboardingFacts(ctx.db, ctx.actor.id));
}

/** GET /api/admin/sellers/pending (Admin, Auditor): seller accounts under review, oldest first. */
export async function pendingSellers(ctx: AuthedCtx, pageNumber: number): Promise<UserList> {
  const { records, total } = await repo.pendingSellers(
    ctx.db,
    PENDING_SELLERS_PAGE_SIZE,
    (pageNumber - 1) * PENDING_SELLERS_PAGE_SIZE,
  );
  return {
    users: records.map(accounts.toUser),
    page: pageNumber,
    pages: Math.max(1, Math.ceil(total / PENDING_SELLERS_PAGE_SIZE)),
    total,
  };
}
