import { currencyByCode } from '#shared/currencies.ts';
import { formatMoney } from '#shared/money.ts';
import { nameWithVariant } from '#shared/variants.ts';
import type { Queryable } from '../../db/client.ts';
import { linkOrigin, type Config } from '../../config.ts';
import { translator, type ServerTranslate } from '../../lib/messages.ts';
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

function whoAndWhy(
  t: ServerTranslate,
  f: CancelMailFacts,
  m: CancelMailInput,
  audience: 'buyer' | 'seller',
): string {
  switch (m.by) {
    case 'buyer':
      if (audience === 'buyer') return t('mail.cancel.youCancelled');
      return m.note ? t('mail.cancel.buyerCancelledNote', { note: m.note }) : t('mail.cancel.buyerCancelled');
    case 'seller':
      return m.reason
        ? t('mail.cancel.sellerCancelledReason', { shop: shopOf(f), reason: m.reason })
        : t('mail.cancel.sellerCancelled', { shop: shopOf(f) });
    case 'admin':
      return m.reason
        ? t('mail.cancel.adminCancelledReason', { reason: m.reason })
        : t('mail.cancel.adminCancelled');
    case 'system':
      return m.reason
        ? t('mail.cancel.systemCancelledReason', { reason: m.reason })
        : t('mail.cancel.systemCancelled');
  }
}

function moneyBack(t: ServerTranslate, f: CancelMailFacts, m: CancelMailInput): string {
  if (m.refund) {
    const digits = currencyByCode(m.refund.currency)?.decimalDigits ?? 2;
    const amount = formatMoney(m.refund.amountMinor, { code: m.refund.currency, decimalDigits: digits });
    return m.refund.method === 'CashOnDelivery'
      ? t('mail.cancel.refundByTransfer', { amount })
      : t('mail.cancel.refundToMethod', { amount, method: m.refund.method });
  }
  if (f.paymentMethod === 'CashOnDelivery' && !f.isPaid) return t('mail.cancel.nothingCod');
  return t('mail.cancel.nothingCharged');
}

export function renderBuyerCancelMail(
  f: CancelMailFacts,
  m: CancelMailInput,
  orderUrl: string,
  t: ServerTranslate = translator('en'),
): Rendered {
  const at = { shop: shopOf(f), orderNumber: f.orderNumber };
  const subject = t('mail.cancel.buyerSubject', at);
  const intro = t('mail.cancel.buyerIntro', { ...at, name: f.buyer.name });
  const who = whoAndWhy(t, f, m, 'buyer');
  const money = moneyBack(t, f, m);
  const items = itemLines(f);
  const text = [
    intro,
    who,
    '',
    t('mail.cancel.cancelledItems'),
    ...items.map((i) => `- ${i}`),
    '',
    money,
    '',
    t('mail.cancel.yourOrderAt', { url: orderUrl }),
    '',
    'Haat',
  ].join('\n');
  return {
    subject,
    text,
    html: page(subject, [intro, who, money], items, { url: orderUrl, label: t('mail.cancel.yourOrder') }),
  };
}

export function renderSellerCancelMail(
  f: CancelMailFacts,
  m: CancelMailInput,
  shipmentsUrl: string,
  t: ServerTranslate = translator('en'),
): Rendered {
  const subject = t('mail.cancel.sellerSubject', { orderNumber: f.orderNumber });
  const intro = t('mail.cancel.sellerIntro', {
    name: f.seller.name,
    orderNumber: f.orderNumber,
    buyer: f.buyer.name,
  });
  const who = whoAndWhy(t, f, m, 'seller');
  const after = t('mail.cancel.sellerAfter');
  const items = itemLines(f);
  const text = [
    intro,
    who,
    '',
    t('mail.cancel.cancelledItems'),
    ...items.map((i) => `- ${i}`),
    '',
    after,
    '',
    t('mail.cancel.yourShipmentsAt', { url: shipmentsUrl }),
    '',
    'Haat',
  ].join('\n');
  return {
    subject,
    text,
    html: page(subject, [intro, who, after], items, {
      url: shipmentsUrl,
      label: t('mail.cancel.yourShipments'),
    }),
  };
}

/** Queues the cancellation mails of one shipment on `tx`, each in its recipient's language. Deleted accounts get none. */
export async function queueCancelMails(tx: Queryable, config: Config, m: CancelMailInput): Promise<void> {
  const f = await cancelMailFacts(tx, m.shipment);
  if (!f) return;
  const origin = linkOrigin(config);
  const doc = { type: SHIPMENT_CANCELLED_MAIL, documentType: 'shipment', documentId: m.shipment.id };
  if (!f.buyer.deleted) {
    await enqueueEmail(tx, {
      ...doc,
      recipient: f.buyer.email,
      render: (t) => renderBuyerCancelMail(f, m, `${origin}/order/${f.orderId}`, t),
    });
  }
  if (m.by !== 'seller' && !f.seller.deleted) {
    await enqueueEmail(tx, {
      ...doc,
      recipient: f.seller.email,
      render: (t) => renderSellerCancelMail(f, m, `${origin}/seller/orderlist`, t),
    });
  }
}
