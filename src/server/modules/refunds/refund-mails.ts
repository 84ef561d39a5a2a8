import { z } from 'zod';
import { currencyByCode } from '#shared/currencies.ts';
import { formatMoney } from '#shared/money.ts';
import { linkOrigin, type Config } from '../../config.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { translator, type ServerTranslate } from '../../lib/messages.ts';
import { enqueueEmail } from '../notifications/notifications.service.ts';
import { refundView, type RefundView } from './refunds.repo.ts';

/**
 * The 'refund_issued' mail (docs/decisions/0111-refunds.md): to the buyer, once, when a refund reaches
 * processed. `moveRefund` queues the `refund.mail` job on the transaction that makes the move (once: its
 * dedupe key); this handler writes the mail with `enqueueEmail`, whose unique (type, 'refund', refund id,
 * recipient) key keeps it once even when the job runs again. A job, not the mail itself, because refunds
 * are asked for inside the orders module's transactions and the notifications module depends on orders.
 */

export const REFUND_ISSUED_MAIL = 'refund_issued';

const payload = z.object({ refundId: z.string() });

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** How the money went back, in the mail's language. */
const methodWords = (t: ServerTranslate, method: RefundView['method']) =>
  ({
    RazorPay: t('mail.refund.method.RazorPay'),
    PayPal: t('mail.refund.method.PayPal'),
    CashOnDelivery: t('mail.refund.method.CashOnDelivery'),
  })[method];

export function renderRefundMail(r: RefundView, orderUrl: string, t: ServerTranslate = translator('en')) {
  const digits = currencyByCode(r.currency)?.decimalDigits ?? 2;
  const amount = formatMoney(r.amountMinor, { code: r.currency, decimalDigits: digits });
  const subject = t('mail.refund.subject', { amount, orderNumber: r.orderNumber });
  const paragraphs = [
    t('mail.refund.body', {
      name: r.buyerName,
      amount,
      orderNumber: r.orderNumber,
      method: methodWords(t, r.method),
    }),
    r.reference
      ? t('mail.refund.reference', { reference: r.reference })
      : r.method === 'CashOnDelivery'
        ? ''
        : t('mail.refund.mayTakeDays'),
    t('mail.refund.reason', { reason: r.reason }),
  ].filter(Boolean);
  const text = [...paragraphs, '', t('mail.refund.yourOrderAt', { url: orderUrl }), '', 'Haat'].join('\n');
  const p = (s: string) => `<p style="font-family:sans-serif;font-size:14px">${esc(s)}</p>`;
  const html = `<!doctype html><html><body><h1 style="font-family:sans-serif;font-size:20px">${esc(subject)}</h1>${paragraphs
    .map(p)
    .join(
      '',
    )}<p style="font-family:sans-serif;font-size:14px"><a href="${esc(orderUrl)}">${esc(t('mail.refund.yourOrder'))}</a></p></body></html>`;
  return { subject, text, html };
}

/** The `refund.mail` job's handler. A refund not processed (or a deleted buyer) gets no mail. */
export function refundMailJob(config: Config): JobHandler {
  return async (raw, { db }) => {
    const { refundId } = payload.parse(raw);
    const r = await refundView(db, refundId);
    if (!r || r.state !== 'processed' || r.buyerDeletedAt) return;
    const orderUrl = `${linkOrigin(config)}/order/${r.orderId}`;
    await enqueueEmail(db, {
      type: REFUND_ISSUED_MAIL,
      documentType: 'refund',
      documentId: r.id,
      recipient: r.buyerEmail,
      render: (t) => renderRefundMail(r, orderUrl, t),
    });
  };
}
