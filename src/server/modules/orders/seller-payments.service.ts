import { parseMoney, sumMoney, toWireNumber } from '#shared/money.ts';
import type {
  PendingSellerPayments,
  SellerPayment,
  SellerPaymentCorrectionBody,
} from '#shared/schemas/order.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { unpaidByOrder } from '../settlements/statements.service.ts';
import * as repo from './seller-payments.repo.ts';

/**
 * Seller payment records (docs/product/api.md#resources, docs/product/orders-and-checkout.md#checkout-flow; docs/product/pricing-and-tax.md): one per order line, written Pending by the order
 * transaction with the seller's payout in INR. Since issue 16 what a seller is owed is its ledger's
 * (docs/decisions/0122-statements-and-tax-withheld.md): the pending list is a view of the ledger, and
 * payouts pay sellers. The legacy records stay, and Admin may still correct a record's status (e.g. mark
 * it Paid); that changes the record only, never the ledger or the pending list.
 */

/** The order number shown on a seller's row of entries without an order. */
export const ADJUSTMENTS_ROW = 'Adjustments and returned payouts';

export const SELLER_PAYMENT_MSG = {
  notFound: 'Seller payment not found',
  cancelledOrder: 'The order was cancelled: nothing is owed for it',
  orderUnpaid: 'The buyer has not paid for this order yet: the seller is not owed anything until then',
} as const;

/**
 * GET /api/payments/pending-seller-payments (Admin; the route checks): a view of the sellers' ledgers
 * (docs/decisions/0122-statements-and-tax-withheld.md). Per seller, by name, one row per order with what
 * its entries still owe the seller: entries unclaimed or in a payout on its way (sale and its GST less
 * commission, its GST, TCS, TDS and fees, net of cancellations and returns); entries of a payout in a
 * final state are left out (paid, or owed again by its 'payout_reversal' entry). Entries without an order
 * (adjustments, returned payouts) make one more row, orderId '' and orderNumber ADJUSTMENTS_ROW. The
 * seller's total is its statement's pending + on hold + payable + in payout. Rows summing to zero are
 * left out. The legacy records of this module no longer decide what is listed; a row's `_id` is its
 * order's first line's record when there is one, else its first entry's id.
 */
export async function pendingSellerPayments(ctx: AuthedCtx): Promise<PendingSellerPayments> {
  const rows = await unpaidByOrder(ctx.db);
  const groups = new Map<string, { sellerId: string; sellerName: string; rows: typeof rows }>();
  for (const row of rows) {
    let group = groups.get(row.sellerId);
    if (!group) {
      group = { sellerId: row.sellerId, sellerName: row.sellerName, rows: [] };
      groups.set(row.sellerId, group);
    }
    group.rows.push(row);
  }
  // Seller money is INR, in paise on the ledger.
  return [...groups.values()].map((g) => ({
    seller: { _id: g.sellerId },
    sellerName: g.sellerName,
    currency: 'INR',
    totalItemTotalPrice: toWireNumber(sumMoney(g.rows.map((r) => r.amount))),
    payments: g.rows.map((r) => ({
      // The first line's legacy record when there is one (POST /api/payments/seller takes it), else the entry.
      _id: r.recordId ?? r.firstEntryId,
      orderId: r.orderId ?? '',
      orderNumber: r.orderNumber ?? ADJUSTMENTS_ROW,
      orderItemId: r.firstOrderItemId ?? '',
      itemTotalPrice: toWireNumber(r.amount),
      paymentStatus: 'Pending' as const,
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
