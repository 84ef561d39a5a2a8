import { currencyByCode } from '#shared/currencies.ts';
import { REFUND_DUE_DAYS } from '#shared/fulfilment.ts';
import { parseMoney, toWireNumber } from '#shared/money.ts';
import { canManageOrders, isAdmin, type Actor } from '#shared/permissions.ts';
import { ORDER_PAGE_SIZE } from '#shared/schemas/order.ts';
import type { Refund, RefundAccount, refundListQuery } from '#shared/schemas/fulfilment.ts';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/client.ts';
import { illegalTransition, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { linesOfShipment } from '../fulfilment/fulfilment.service.ts';
import * as repo from './refunds.repo.ts';
import { refundViewsOfOrder, type RefundView } from './refunds.repo.ts';

/**
 * Refunds as the rest of the app sees them (docs/decisions/0111-refunds.md). Other modules import from
 * here: `requestRefund` inside their own transaction, `refundsOfOrder` for the order page.
 */
export { requestRefund, REFUND_EXECUTE_JOB, type RefundCause } from './refunds.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The reason written on the refund of a parcel that had gone before its order was paid. */
export const GONE_BEFORE_PAYMENT_REASON = 'Cancelled before the order was paid';

/**
 * An online order was just paid (in the paying transaction, after the order became paid): every parcel of
 * it already cancelled or returned to origin was charged for too — the provider takes the whole order
 * total — so each gets its refund now, as its cancellation would have asked for had the order been paid
 * then (cause 'cancel' per shipment: at most once, whoever asks first). Cash on delivery never comes here:
 * it is paid at the door for what was delivered. docs/decisions/0111-refunds.md.
 */
export async function refundGoneShipmentsOnPayment(tx: Queryable, orderId: string) {
  const refunded = [];
  for (const s of await repo.goneShipmentsOfOrder(tx, orderId)) {
    const units = (await linesOfShipment(tx, s)).map((l) => ({ orderItemId: l.id, qty: l.qty }));
    const refund = await repo.requestRefund(tx, {
      orderId,
      cause: { kind: 'cancel', shipmentId: s.id },
      lines: units,
      reason: GONE_BEFORE_PAYMENT_REASON,
      actor: { id: null, role: 'system' },
    });
    if (refund) refunded.push(refund);
  }
  return refunded;
}

/** The currency's decimal digits (2 when the table does not know the code). */
export const decimalsOf = (code: string): number => currencyByCode(code)?.decimalDigits ?? 2;

/** A refund is due `REFUND_DUE_DAYS` after it was asked for. */
export const dueByOf = (createdAt: Date): Date => new Date(createdAt.getTime() + REFUND_DUE_DAYS * DAY_MS);

/** The wire shape of a refund. `withAccount`: Admin and the buyer see where a manual refund is paid. */
export function toRefund(v: RefundView, withAccount: boolean): Refund {
  return {
    _id: v.id,
    orderId: v.orderId,
    orderNumber: v.orderNumber,
    shipmentId: v.shipmentId,
    returnRequestId: v.returnRequestId,
    method: v.method,
    state: v.state,
    amountInr: toWireNumber(parseMoney(v.amountInr)),
    amount: toWireNumber(v.amountMinor, decimalsOf(v.currency)),
    currency: v.currency,
    reason: v.reason,
    providerRefundId: v.providerRefundId,
    reference: v.reference,
    refundAccount: withAccount ? ((v.refundAccount as RefundAccount | null) ?? null) : null,
    buyer: { _id: v.buyerId, name: v.buyerName, email: v.buyerEmail },
    createdAt: v.createdAt.toISOString(),
    processedAt: v.processedAt ? v.processedAt.toISOString() : null,
    dueBy: dueByOf(v.createdAt).toISOString(),
  };
}

/**
 * The refunds of one order the viewer may see: the buyer, Admin and Distributors see all of them; a seller
 * sees those of its own shipments. Where a manual refund is paid (`refundAccount`) is shown to Admin and
 * the buyer only. Whether the viewer may see the order at all is the caller's check.
 */
export async function refundsOfOrder(db: Queryable, orderId: string, viewer: Actor): Promise<Refund[]> {
  const rows = await refundViewsOfOrder(db, orderId);
  return rows
    .filter((r) => r.buyerId === viewer.id || canManageOrders(viewer) || r.sellerId === viewer.id)
    .map((r) => toRefund(r, r.buyerId === viewer.id || isAdmin(viewer)));
}

// ---------------------------------------------------------------------------------------------------------
// Paying a refund back through the provider (the `refund.execute` job)
// ---------------------------------------------------------------------------------------------------------

/** What the provider is asked: give back `amountMinor` of `currency` from the payment `providerPaymentId`. */
export type ProviderRefundRequest = {
  /** Our refund id: the provider's idempotency key, receipt and note. */
  refundId: string;
  orderId: string;
  orderNumber: string;
  method: 'RazorPay' | 'PayPal';
  providerPaymentId: string;
  amountMinor: number;
  currency: string;
  reason: string;
  /** Set when the provider already answered once (a PENDING refund being followed up). */
  providerRefundId: string | null;
};

/**
 * The provider's answer. 'pending': accepted, not yet paid; `settledByWebhook` says a webhook will tell
 * (RazorPay's refund.processed), otherwise the job asks again later (PayPal).
 */
export type ProviderRefundAnswer = {
  providerRefundId: string;
  status: 'processed' | 'pending' | 'failed';
  settledByWebhook: boolean;
  raw: Record<string, unknown>;
};

export type CallProvider = (request: ProviderRefundRequest) => Promise<ProviderRefundAnswer>;

const SYSTEM = { id: null, role: 'system' } as const;

/** Thrown so the queue tries a refund again later (the provider has not settled it yet). */
export class RefundStillPending extends Error {
  constructor(refundId: string) {
    super(`refund ${refundId} is still pending at the provider; asking again later`);
    this.name = 'RefundStillPending';
  }
}

/**
 * The `refund.execute` job (docs/decisions/0111-refunds.md). Claims the refund (pending or failed →
 * processing, one attempt more), asks the provider with our refund id as the idempotency key, keeps the
 * provider's refund id, and moves to processed when the provider says so; a pending answer stays
 * processing for the webhook. A provider error moves it to failed and is thrown, so the queue retries
 * with back-off. Run again after a crash between the provider's answer and our update, it finds the
 * refund processing and asks again with the same key: the provider answers the same refund.
 */
export async function executeRefund(
  db: Database,
  callProvider: CallProvider,
  refundId: string,
): Promise<void> {
  const claimed = await db.transaction(async (tx) => {
    const current = await repo.lockRefund(tx, refundId);
    if (!current || current.method === 'CashOnDelivery' || !current.paymentId) return null;
    if (current.state === 'processed') return null;
    if (current.state === 'processing') return current;
    return repo.moveRefund(tx, current, {
      to: 'processing',
      actor: SYSTEM,
      set: { countAttempt: true },
      note: `Asking ${current.method} (attempt ${current.attempts + 1})`,
    });
  });
  if (!claimed || claimed.method === 'CashOnDelivery' || !claimed.paymentId) return;
  const payment = await repo.paymentOfRefund(db, claimed.paymentId);
  const view = await repo.refundView(db, claimed.id);
  if (!payment?.providerPaymentId || !view) {
    await failRefund(db, claimed.id, 'The payment has no provider payment id to refund');
    throw new Error(`refund ${claimed.id}: its payment has no provider payment id`);
  }

  let answer: ProviderRefundAnswer;
  try {
    answer = await callProvider({
      refundId: claimed.id,
      orderId: claimed.orderId,
      orderNumber: view.orderNumber,
      method: claimed.method,
      providerPaymentId: payment.providerPaymentId,
      amountMinor: claimed.amountMinor,
      currency: claimed.currency,
      reason: claimed.reason,
      providerRefundId: claimed.providerRefundId,
    });
  } catch (err) {
    await failRefund(db, claimed.id, (err instanceof Error ? err.message : String(err)).slice(0, 500));
    throw err;
  }

  const settled = await db.transaction(async (tx) => {
    const kept = await repo.setProviderRefund(tx, claimed.id, answer.providerRefundId, answer.raw);
    if (!kept) throw new Error(`refund ${claimed.id}: the provider answered another refund id`);
    const current = await repo.lockRefund(tx, claimed.id);
    if (!current || current.state !== 'processing') return true; // the webhook (or an Admin) was first
    if (answer.status === 'processed') {
      await repo.moveRefund(tx, current, {
        to: 'processed',
        actor: SYSTEM,
        note: `${current.method} refunded it`,
      });
      return true;
    }
    if (answer.status === 'failed') {
      await repo.moveRefund(tx, current, {
        to: 'failed',
        actor: SYSTEM,
        set: { lastError: `${current.method} declined the refund` },
        note: `${current.method} declined the refund`,
      });
      return true;
    }
    return answer.settledByWebhook;
  });
  if (!settled) throw new RefundStillPending(claimed.id);
}

async function failRefund(db: Database, refundId: string, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.lockRefund(tx, refundId);
    if (!current) return;
    await repo.moveRefund(tx, current, {
      to: 'failed',
      actor: SYSTEM,
      set: { lastError: message },
      note: message,
    });
  });
}

export type ProviderRefundEvent = {
  method: 'RazorPay' | 'PayPal';
  providerRefundId: string;
  /** Our refund id when the provider echoes it (RazorPay's `refund_id` note). */
  refundId: string | null;
  outcome: 'processed' | 'failed';
  amountMinor: number;
  currency: string;
  raw: Record<string, unknown>;
};

/**
 * A provider's webhook about a refund (RazorPay refund.processed / refund.failed). Finds the refund by the
 * provider's id or ours, checks the amount, and moves processing → processed (or failed) exactly once: a
 * locked row and a conditional UPDATE, so a replayed or racing webhook, or the job's own answer arriving
 * at the same time, changes nothing more. 'ignored' for what is not ours.
 */
export async function settleProviderRefund(
  db: Database,
  event: ProviderRefundEvent,
): Promise<'refunded' | 'failed' | 'duplicate' | 'ignored'> {
  const found = await repo.findRefundForProvider(db, event.method, event.providerRefundId, event.refundId);
  if (!found) return 'ignored';
  if (found.amountMinor !== event.amountMinor || found.currency !== event.currency) return 'ignored';
  if (found.providerRefundId && found.providerRefundId !== event.providerRefundId) return 'ignored';
  return db.transaction(async (tx) => {
    const current = await repo.lockRefund(tx, found.id);
    if (!current || current.state !== 'processing') return 'duplicate';
    const kept = await repo.setProviderRefund(tx, current.id, event.providerRefundId, event.raw);
    if (!kept) return 'ignored';
    const moved =
      event.outcome === 'processed'
        ? await repo.moveRefund(tx, current, {
            to: 'processed',
            actor: SYSTEM,
            note: `${current.method} refunded it`,
          })
        : await repo.moveRefund(tx, current, {
            to: 'failed',
            actor: SYSTEM,
            set: { lastError: `${current.method} could not pay the refund` },
            note: `${current.method} could not pay the refund`,
          });
    if (!moved) return 'duplicate';
    return event.outcome === 'processed' ? 'refunded' : 'failed';
  });
}

// ---------------------------------------------------------------------------------------------------------
// Admin: the list, one refund, recording a manual transfer
// ---------------------------------------------------------------------------------------------------------

export type RefundListQuery = z.output<typeof refundListQuery>;

/** GET /api/refunds (Admin): every refund, newest first, filtered. */
export async function listRefunds(ctx: AuthedCtx, query: RefundListQuery) {
  const limit = ORDER_PAGE_SIZE;
  const { rows, total } = await repo.listRefundViews(
    ctx.db,
    {
      state: query.state,
      method: query.method,
      from: query.from,
      to: query.to,
      order: query.order || undefined,
    },
    { limit, offset: (query.pageNumber - 1) * limit },
  );
  return {
    refunds: rows.map((r) => toRefund(r, true)),
    page: query.pageNumber,
    pages: Math.max(1, Math.ceil(total / limit)),
  };
}

/** GET /api/refunds/:id: Admin and the buyer (anybody else: 404, as for an unknown id). */
export async function getRefund(ctx: AuthedCtx, refundId: string): Promise<Refund> {
  const view = await repo.refundView(ctx.db, refundId);
  const mine = !!view && view.buyerId === ctx.actor.id;
  if (!view || !(mine || isAdmin(ctx.actor))) throw notFound('Refund not found');
  return toRefund(view, true);
}

/**
 * PUT /api/refunds/:id/record (Admin): a refund paid by bank transfer or UPI, with its reference. A cash on
 * delivery refund that is pending or failed, or an online one the provider failed, moves to processed;
 * anything else is 409 with its state (an online refund still with its provider is not paid by hand).
 */
export async function recordManualRefund(
  ctx: AuthedCtx & { db: Database },
  refundId: string,
  reference: string,
): Promise<Refund> {
  await ctx.db.transaction(async (tx) => {
    const current = await repo.lockRefund(tx, refundId);
    if (!current) throw notFound('Refund not found');
    const illegal = () =>
      illegalTransition(
        current.state === 'processed'
          ? 'This refund is already paid.'
          : `This refund is being paid through ${current.method}; it can be recorded by hand only if that fails.`,
        current.state,
      );
    if (current.method !== 'CashOnDelivery' && current.state !== 'failed') throw illegal();
    const moved = await repo.moveRefund(tx, current, {
      to: 'processed',
      actor: { id: ctx.actor.id, role: 'admin' },
      set: { reference },
      note: `Paid by bank transfer or UPI, reference ${reference}`,
    });
    if (!moved) throw illegal();
  });
  return getRefund(ctx, refundId);
}
