import { REFUND_STATE_LABELS, type RefundState } from '#shared/fulfilment.ts';
import type { Refund } from '#shared/schemas/fulfilment.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** How each refund goes back, in words. */
export const REFUND_METHOD_LABELS: Record<Refund['method'], string> = {
  RazorPay: 'RazorPay',
  PayPal: 'PayPal',
  CashOnDelivery: 'Bank transfer or UPI',
};

/** How a refund goes back, in the page's language. */
export function refundMethodLabel(t: Translate, method: Refund['method']): string {
  const labels: Record<Refund['method'], string> = {
    RazorPay: t('refunds.method.RazorPay'),
    PayPal: t('refunds.method.PayPal'),
    CashOnDelivery: t('refunds.method.CashOnDelivery'),
  };
  return labels[method];
}

/** A refund's state in words: the page's language when given its `t`, English (REFUND_STATE_LABELS) without. */
export function refundStateLabel(state: RefundState, t?: Translate): string {
  if (!t) return REFUND_STATE_LABELS[state];
  const labels: Record<RefundState, string> = {
    pending: t('refunds.state.pending'),
    processing: t('refunds.state.processing'),
    processed: t('refunds.state.processed'),
    failed: t('refunds.state.failed'),
  };
  return labels[state];
}

export const REFUND_STATE_BADGES: Record<RefundState, string> = {
  pending: 'text-bg-warning',
  processing: 'text-bg-info',
  processed: 'text-bg-success',
  failed: 'text-bg-danger',
};

const DATE: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
};
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant as India's calendar date: '3 Dec 2026' (in the page language's Intl locale, `t.language.intl`). */
export const formatDate = (iso: string | null | undefined, locale = 'en-IN') => {
  if (!iso) return '';
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE);
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
};

/** Not yet paid back and past its due date. */
export const isOverdue = (r: Pick<Refund, 'state' | 'dueBy'>, now = Date.now()) =>
  r.state !== 'processed' && new Date(r.dueBy).getTime() < now;

/**
 * Whether an Admin records this refund as paid by hand: a cash on delivery refund not yet paid, or an
 * online one its provider failed (the server's rule, PUT /api/refunds/:id/record).
 */
export const canRecordTransfer = (r: Pick<Refund, 'method' | 'state'>) =>
  r.method === 'CashOnDelivery' ? r.state === 'pending' || r.state === 'failed' : r.state === 'failed';
