import { indiaDate } from '#shared/gst-rates.ts';
import { formatDecimal, parseMoney, toWireNumber } from '#shared/money.ts';
import type { CodCashResponse, CodRemittanceForm } from '#shared/schemas/settlements.ts';
import type { Database } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { findUserRecord } from '../accounts/accounts.service.ts';
import * as repo from './cod-remittances.repo.ts';

/**
 * Cash on delivery (docs/decisions/0123-commission-rules-and-cod-remittance.md): whoever marks a
 * cash-on-delivery order paid (a Distributor, or an Admin) holds its cash and owes it to the operator
 * until an Admin records a remittance that names the order. The view shows what each collector still
 * owes, by age of the collection.
 */

export const COD_MSG = {
  collectorNotFound: 'Distributor not found',
  futureReceipt: 'The cash cannot have been received after today.',
} as const;

/** How many remittances the view lists. */
export const LATEST_REMITTANCES = 50;

const DAY_MS = 86_400_000;

/** Whole days since the cash was collected. */
export const ageDays = (paidAt: Date, now: Date): number =>
  Math.max(0, Math.floor((now.getTime() - paidAt.getTime()) / DAY_MS));

type Ages = CodCashResponse['distributors'][number]['ages'];
const ageKey = (days: number): keyof Ages =>
  days <= 2 ? 'd0to2' : days <= 7 ? 'd3to7' : days <= 30 ? 'd8to30' : 'over30';

/**
 * The cash view: per collector its outstanding orders, their sum and the sum by age; the latest
 * remittances. With `collectorId`, that collector's only (always listed, even owing nothing).
 */
export async function codCashView(
  db: Database,
  now: Date,
  collector?: { id: string; name: string },
): Promise<CodCashResponse> {
  const [outstanding, remittances] = await Promise.all([
    repo.outstandingOrders(db, collector?.id),
    repo.latestRemittances(db, LATEST_REMITTANCES, collector?.id),
  ]);
  type Acc = {
    id: string;
    name: string;
    total: number;
    ages: Record<keyof Ages, number>;
    orders: typeof outstanding;
  };
  const byCollector = new Map<string, Acc>();
  const accOf = (id: string, name: string): Acc => {
    let a = byCollector.get(id);
    if (!a) {
      a = { id, name, total: 0, ages: { d0to2: 0, d3to7: 0, d8to30: 0, over30: 0 }, orders: [] };
      byCollector.set(id, a);
    }
    return a;
  };
  if (collector) accOf(collector.id, collector.name);
  for (const o of outstanding) {
    const a = accOf(o.collectorId, o.collectorName);
    a.total += o.amount;
    a.ages[ageKey(ageDays(o.paidAt, now))] += o.amount;
    a.orders.push(o);
  }
  const distributors = [...byCollector.values()]
    .sort((x, y) => x.name.localeCompare(y.name) || x.id.localeCompare(y.id))
    .map((a) => ({
      distributorId: a.id,
      distributorName: a.name,
      outstanding: toWireNumber(a.total),
      ages: {
        d0to2: toWireNumber(a.ages.d0to2),
        d3to7: toWireNumber(a.ages.d3to7),
        d8to30: toWireNumber(a.ages.d8to30),
        over30: toWireNumber(a.ages.over30),
      },
      orders: a.orders.map((o) => ({
        orderId: o.orderId,
        orderNumber: o.orderNumber,
        amount: toWireNumber(o.amount),
        paidAt: o.paidAt.toISOString(),
        ageDays: ageDays(o.paidAt, now),
      })),
    }));
  return {
    distributors,
    remittances: remittances.map((r) => ({
      _id: r.id,
      distributorId: r.distributorId,
      distributorName: r.distributorName,
      amount: toWireNumber(r.amount),
      reference: r.reference,
      receivedOn: r.receivedOn,
      orderCount: r.orderCount,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** GET /api/admin/cod-cash: every collector's outstanding cash. */
export async function adminCodCash(ctx: AuthedCtx & { db: Database }, now = new Date()) {
  return codCashView(ctx.db, now);
}

/** GET /api/distributor/cod-cash: the signed-in Distributor's own. */
export async function ownCodCash(ctx: AuthedCtx & { db: Database }, now = new Date()) {
  return codCashView(ctx.db, now, { id: ctx.actor.id, name: ctx.actor.name });
}

/**
 * POST /api/admin/cod-remittances: cash a collector handed over, matched to the orders it covers. Every
 * order must be a cash-on-delivery order that collector marked paid, not cancelled and not remitted yet
 * (409 naming the first that is not); the amount must be their sum (400). One transaction: the orders
 * are locked, then checked, then linked; cod_remittance_orders' key makes a racing second remittance of
 * the same order fail (409) rather than count its cash twice.
 */
export async function recordRemittance(
  ctx: AuthedCtx & { db: Database },
  form: Required<CodRemittanceForm> & { amount: string },
  now = new Date(),
): Promise<CodCashResponse> {
  if (form.receivedOn > indiaDate(now))
    throw invalid(COD_MSG.futureReceipt, [{ path: 'receivedOn', message: COD_MSG.futureReceipt }]);
  const collector = await findUserRecord(ctx.db, form.distributorId);
  if (!collector) throw notFound(COD_MSG.collectorNotFound);
  const ids = [...new Set(form.orderIds)];
  await ctx.db.transaction(async (tx) => {
    const locked = new Map((await repo.lockOrders(tx, ids)).map((o) => [o.id, o]));
    const remitted = await repo.remittedOrderIds(tx, ids);
    for (const id of ids) {
      const o = locked.get(id);
      if (!o) throw notFound(`Order ${id} not found`);
      if (o.paymentMethod !== 'CashOnDelivery' || !o.isPaid || o.status === 'cancelled')
        throw conflict(`Order ${o.orderNumber} has no cash on delivery collected to remit`);
      if (o.collectorId !== form.distributorId)
        throw conflict(`Order ${o.orderNumber} was not collected by ${collector.user.name}`);
      if (remitted.has(id)) throw conflict(`Order ${o.orderNumber} has already been remitted`);
    }
    const sum = ids.reduce((n, id) => n + locked.get(id)!.amount, 0);
    const amount = parseMoney(form.amount);
    if (amount !== sum) {
      const message = `The chosen orders add up to ₹${formatDecimal(sum)}; the amount received must match.`;
      throw invalid(message, [{ path: 'amount', message }]);
    }
    const remittance = await repo.insertRemittance(tx, {
      distributorId: form.distributorId,
      amount,
      reference: form.reference,
      receivedOn: form.receivedOn,
      note: form.note,
      recordedBy: ctx.actor.id,
    });
    const linked = await repo.linkOrders(
      tx,
      remittance.id,
      ids.map((id) => ({ orderId: id, amount: locked.get(id)!.amount })),
    );
    if (linked.length !== ids.length) {
      const first = ids.find((id) => !linked.includes(id))!;
      throw conflict(`Order ${locked.get(first)!.orderNumber} has already been remitted`);
    }
  });
  return codCashView(ctx.db, now);
}
