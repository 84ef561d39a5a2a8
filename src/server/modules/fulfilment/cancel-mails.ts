import { currencyByCode } from '#shared/currencies.ts';
import { formatMoney } from '#shared/money.ts';
import { nameWithVariant } from '#shared/variants.ts';
import type { Queryable } from '../../db/client.ts';
import { linkOrigin, type Config } from '../../config.ts';
import { enqueueEmail } from '../notifications/notifications.service.ts';
import { cancelMailFacts, type CancelMailFacts } from './cancel.repo.ts';

/**
 * The 'shipment_cancelled' mails (docs/decisions/0110-cancellations.md): to the buyer whoever cancelled
 * (what, by whom and why, and whether money comes back), and to the seller when somebody else did (the
 * buyer, Admin or the sweep). Queued on the cancelling transaction; the notifications' unique
 * (type, 'shipment', shipment id, recipient) key makes each go at most once.
 */

export const SHIPMENT_CANCELLED_MAIL = 'shipment_cancelled';

export type CancelledBy = 'buyer' | 'seller' | 'admin' | 'system';

export type CancelMailInput = {
  shipment: { id: string; orderId: string; sellerId: string };
  by: CancelledBy;
  /** The reason as the buyer and seller read it (a seller's reason label, the sweep's words), if any. */
  reason: string | null;
  /** What the buyer wrote when cancelling, if anything. */
  note: string | null;
  /** The refund the cancellation asked for, when something had been paid. */
  refund: { amountMinor: number; currency: string; method: string } | null;
};

type Rendered = { subject: string; text: string; html: string };

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const itemLines = (f: CancelMailFacts) => f.lines.map((l) => `${nameWithVariant(l.name, l)} × ${l.qty}`);

const shopOf = (f: CancelMailFacts) => f.seller.shopName ?? f.seller.name;

function page(title: string, paragraphs: string[], items: string[], link: { url: string; label: string }) {
  const p = (s: string) => `<p style="font-family:sans-serif;font-size:14px">${esc(s)}</p>`;
  const li = items.map((i) => `<li>${esc(i)}</li>`).join('');
  return `<!doctype html><html><body><h1 style="font-family:sans-serif;font-size:20px">${esc(title)}</h1>${paragraphs.map(p).join('')}<ul style="font-family:sans-serif;font-size:14px">${li}</ul><p style="font-family:sans-serif;font-size:14px"><a href="${esc(link.url)}">${esc(link.label)}</a></p></body></html>`;
}

function whoAndWhy(f: CancelMailFacts, m: CancelMailInput, audience: 'buyer' | 'seller'): string {
  const why = m.reason ? ` Reason: ${m.reason}.` : '';
  switch (m.by) {
    case 'buyer':
      if (audience === 'buyer') return 'You cancelled it.';
      return m.note ? `The buyer cancelled it. Their note: ${m.note}` : 'The buyer cancelled it.';
    case 'seller':
      return `${shopOf(f)} cancelled it, as it could not be fulfilled.${why}`;
    case 'admin':
      return `Haat's team cancelled it.${why}`;
    case 'system':
      return m.reason
        ? `It was cancelled automatically. Reason: ${m.reason}.`
        : 'It was cancelled automatically.';
  }
}

function moneyBack(f: CancelMailFacts, m: CancelMailInput): string {
  if (m.refund) {
    const digits = currencyByCode(m.refund.currency)?.decimalDigits ?? 2;
    const amount = formatMoney(m.refund.amountMinor, { code: m.refund.currency, decimalDigits: digits });
    return m.refund.method === 'CashOnDelivery'
      ? `A refund of ${amount} follows: our team will pay it by bank transfer or UPI within 7 days and contact you for the details.`
      : `A refund of ${amount} follows to your original payment method (${m.refund.method}) within 7 days.`;
  }
  if (f.paymentMethod === 'CashOnDelivery' && !f.isPaid)
    return 'Nothing is charged: it was cash on delivery.';
  return 'Nothing was charged for it.';
}

export function renderBuyerCancelMail(f: CancelMailFacts, m: CancelMailInput, orderUrl: string): Rendered {
  const subject = `Cancelled: your items from ${shopOf(f)} in order ${f.orderNumber}`;
  const intro = `Hello ${f.buyer.name}, the parcel from ${shopOf(f)} in your order ${f.orderNumber} was cancelled.`;
  const who = whoAndWhy(f, m, 'buyer');
  const money = moneyBack(f, m);
  const items = itemLines(f);
  const text = [
    intro,
    who,
    '',
    'Cancelled items:',
    ...items.map((i) => `- ${i}`),
    '',
    money,
    '',
    `Your order: ${orderUrl}`,
    '',
    'Haat',
  ].join('\n');
  return {
    subject,
    text,
    html: page(subject, [intro, who, money], items, { url: orderUrl, label: 'Your order' }),
  };
}

export function renderSellerCancelMail(
  f: CancelMailFacts,
  m: CancelMailInput,
  shipmentsUrl: string,
): Rendered {
  const subject = `Order ${f.orderNumber} cancelled: do not ship it`;
  const intro = `Hello ${f.seller.name}, your parcel for order ${f.orderNumber} (to ${f.buyer.name}) was cancelled.`;
  const who = whoAndWhy(f, m, 'seller');
  const after = 'Please do not ship it. Its items are back in your stock, and its payout was taken back.';
  const items = itemLines(f);
  const text = [
    intro,
    who,
    '',
    'Cancelled items:',
    ...items.map((i) => `- ${i}`),
    '',
    after,
    '',
    `Your shipments: ${shipmentsUrl}`,
    '',
    'Haat',
  ].join('\n');
  return {
    subject,
    text,
    html: page(subject, [intro, who, after], items, { url: shipmentsUrl, label: 'Your shipments' }),
  };
}

/** Queues the cancellation mails of one shipment on `tx`. Deleted accounts get none. */
export async function queueCancelMails(tx: Queryable, config: Config, m: CancelMailInput): Promise<void> {
  const f = await cancelMailFacts(tx, m.shipment);
  if (!f) return;
  const origin = linkOrigin(config);
  const doc = { type: SHIPMENT_CANCELLED_MAIL, documentType: 'shipment', documentId: m.shipment.id };
  if (!f.buyer.deleted) {
    await enqueueEmail(tx, {
      ...doc,
      recipient: f.buyer.email,
      ...renderBuyerCancelMail(f, m, `${origin}/order/${f.orderId}`),
    });
  }
  if (m.by !== 'seller' && !f.seller.deleted) {
    await enqueueEmail(tx, {
      ...doc,
      recipient: f.seller.email,
      ...renderSellerCancelMail(f, m, `${origin}/seller/orderlist`),
    });
  }
}
