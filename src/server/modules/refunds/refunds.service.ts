import { currencyByCode } from '#shared/currencies.ts';
import { REFUND_DUE_DAYS } from '#shared/fulfilment.ts';
import { parseMoney, toWireNumber } from '#shared/money.ts';
import { canManageOrders, isAdmin, type Actor } from '#shared/permissions.ts';
import type { Refund, RefundAccount } from '#shared/schemas/fulfilment.ts';
import type { Queryable } from '../../db/client.ts';
import { refundViewsOfOrder, type RefundView } from './refunds.repo.ts';

/**
 * Refunds as the rest of the app sees them (docs/decisions/0111-refunds.md). Other modules import from
 * here: `requestRefund` inside their own transaction, `refundsOfOrder` for the order page.
 */
export { requestRefund, REFUND_EXECUTE_JOB, type RefundCause } from './refunds.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

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
