import { parseMoney, sumMoney, toWireNumber } from '#shared/money.ts';
import type {
  PendingSellerPayments,
  SellerPayment,
  SellerPaymentCorrectionBody,
} from '#shared/schemas/order.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import * as repo from './seller-payments.repo.ts';

/**
 * Seller payment records (docs/product/api.md#resources, docs/product/orders-and-checkout.md#checkout-flow; docs/product/pricing-and-tax.md): one per order line, written Pending by the order
 * transaction with the seller's payout in INR. Admin sees what is still owed, grouped per seller, and may
 * correct a record's status (e.g. mark it Paid once the bank transfer went out). Records of cancelled
 * orders stay in the table for the history but are owed nothing and are never listed as pending.
 */

export const SELLER_PAYMENT_MSG = {
  notFound: 'Seller payment not found',
  cancelledOrder: 'The order was cancelled: nothing is owed for it',
  orderUnpaid: 'The buyer has not paid for this order yet: the seller is not owed anything until then',
} as const;

/** GET /api/payments/pending-seller-payments (Admin; the route checks). */
export async function pendingSellerPayments(ctx: AuthedCtx): Promise<PendingSellerPayments> {
  const rows = await repo.pendingPayments(ctx.db);

  const groups = new Map<
    string,
    { sellerId: string; sellerName: string; currency: string; rows: typeof rows }
  >();
  for (const row of rows) {
    const key = `${row.sellerId}|${row.currency}`;
    let group = groups.get(key);
    if (!group) {
      group = { sellerId: row.sellerId, sellerName: row.sellerName, currency: row.currency, rows: [] };
      groups.set(key, group);
    }
    group.rows.push(row);
  }
  // Payout records are INR (2 decimals), like every seller payout.
  return [...groups.values()].map((g) => ({
    seller: { _id: g.sellerId },
    sellerName: g.sellerName,
    currency: g.currency,
    totalItemTotalPrice: toWireNumber(sumMoney(g.rows.map((r) => parseMoney(r.itemTotalPrice)))),
    payments: g.rows.map((r) => ({
      _id: r.id,
      orderId: r.orderId,
      orderNumber: r.orderNumber,
      orderItemId: r.orderItemId,
      itemTotalPrice: toWireNumber(parseMoney(r.itemTotalPrice)),
      paymentStatus: r.paymentStatus,
    })),
  }));
}

function toWire(row: repo.SellerPaymentRow): SellerPayment {
  return {
    _id: row.id,
    orderId: row.orderId,
    orderItemId: row.orderItemId,
    seller: { _id: row.sellerId },
    itemTotalPrice: toWireNumber(parseMoney(row.itemTotalPrice)),
    currency: row.currency,
    paymentStatus: row.paymentStatus,
    paymentDate: row.paymentDate ? row.paymentDate.toISOString() : null,
  };
}

/**
 * POST /api/payments/seller (Admin corrections; the route checks). Never creates a record: it finds the
 * one of an order line (by `_id` or `orderItemId`) and sets its status. Paid takes `paymentDate` (now when
 * not given); Pending clears it. A line of a cancelled order cannot be marked Paid.
 */
export async function correctSellerPayment(
  ctx: AuthedCtx,
  body: SellerPaymentCorrectionBody,
): Promise<SellerPayment> {
  const record = await repo.findRecord(
    ctx.db,
    body._id ? { id: body._id } : { orderItemId: body.orderItemId ?? '' },
  );
  if (!record) throw notFound(SELLER_PAYMENT_MSG.notFound);
  const paying = body.paymentStatus === 'Paid';
  // Paid only while the order is still placed and paid for: the repo's update is conditional on it.
  const row = await repo.setStatus(
    ctx.db,
    record.id,
    body.paymentStatus,
    paying && body.paymentDate ? new Date(body.paymentDate) : null,
  );
  if (!row && paying) {
    if (record.orderStatus === 'cancelled')
      throw conflict(SELLER_PAYMENT_MSG.cancelledOrder, 'order_cancelled');
    throw conflict(SELLER_PAYMENT_MSG.orderUnpaid, 'order_unpaid');
  }
  if (!row) throw notFound(SELLER_PAYMENT_MSG.notFound);
  return toWire(row);
}
