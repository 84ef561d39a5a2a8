import { REFUND_STATE_LABELS, type RefundState } from '#shared/fulfilment.ts';
import type { Refund } from '#shared/schemas/fulfilment.ts';

/** How each refund goes back, in words. */
export const REFUND_METHOD_LABELS: Record<Refund['method'], string> = {
  RazorPay: 'RazorPay',
  PayPal: 'PayPal',
  CashOnDelivery: 'Bank transfer or UPI',
};

export const refundStateLabel = (state: RefundState) => REFUND_STATE_LABELS[state];

export const REFUND_STATE_BADGES: Record<RefundState, string> = {
  pending: 'text-bg-warning',
  processing: 'text-bg-info',
  processed: 'text-bg-success',
  failed: 'text-bg-danger',
};

const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

/** An instant as India's calendar date: '3 Dec 2026'. */
export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : '');

/** Not yet paid back and past its due date. */
export const isOverdue = (r: Pick<Refund, 'state' | 'dueBy'>, now = Date.now()) =>
  r.state !== 'processed' && new Date(r.dueBy).getTime() < now;

/**
 * Whether an Admin records this refund as paid by hand: a cash on delivery refund not yet paid, or an
 * online one its provider failed (the server's rule, PUT /api/refunds/:id/record).
 */
export const canRecordTransfer = (r: Pick<Refund, 'method' | 'state'>) =>
  r.method === 'CashOnDelivery' ? r.state === 'pending' || r.state === 'failed' : r.state === 'failed';
