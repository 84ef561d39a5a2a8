import { formatMoney, INR } from '#shared/money.ts';
import { PAYMENT_MSG } from '#shared/payments.ts';
import { nameWithVariant } from '#shared/variants.ts';
import { isAdmin } from '#shared/permissions.ts';
import type { CompletionAudience, CompletionMails } from '#shared/schemas/payment.ts';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { translator, type ServerTranslate } from '../../lib/messages.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { distributorRecipients } from '../accounts/accounts.service.ts';
import {
  ORDER_COMPLETED_JOB,
  orderMailData,
  type OrderMailData,
  type OrderMailLine,
} from '../orders/orders.service.ts';
import { enqueueEmail, type EmailToSend } from './notifications.service.ts';

/**
 * The three order-completion mails (docs/product/README.md#what-haat-is, docs/product/roles-and-accounts.md#permissions; docs/product/payments.md): order_confirmation to the buyer with the
 * whole order, order_seller to each seller with only their lines (INR, with their payout), and
 * order_distributor to every user holding the Distributor role (by name, case-insensitively) with what
 * they need to deliver. Each goes out at most once per recipient: `enqueueEmail`'s unique key. The order
 * comes from the orders service (`orderMailData`), the distributors from the accounts service.
 */

/** Job that queues all three for a completed order (its kind is the orders module's). */
export { ORDER_COMPLETED_JOB };

// ---------------------------------------------------------------------------------------------------------
// Templates: plain text and HTML with the same content
// ---------------------------------------------------------------------------------------------------------

export type RenderedMail = { subject: string; text: string; html: string };

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
/** "Kurta (size L)", "Kurta (size L, Red)": the variant bought (docs/decisions/0102-product-variants.md). */
const itemName = (l: OrderMailLine) => nameWithVariant(l.name, l);
const paymentLabel = (t: ServerTranslate, m: string) =>
  m === 'CashOnDelivery' ? t('mail.order.cashOnDelivery') : m;
const addressLines = (a: OrderMailData['shippingAddress']) => [
  a.address,
  `${a.city}${a.city ? ', ' : ''}${a.state} ${a.postalCode}`.trim(),
  a.country,
];

type Row = { cells: string[] };
type Table = { head: string[]; rows: Row[]; foot: [string, string][] };

function textTable(t: Table): string {
  const lines = [t.head.join(' | '), ...t.rows.map((r) => r.cells.join(' | '))];
  const foot = t.foot.map(([k, v]) => `${k}: ${v}`);
  return [...lines, '', ...foot].join('\n');
}

function htmlTable(t: Table): string {
  const th = t.head.map(
    (h) => `<th style="text-align:left;padding:4px 8px;border-bottom:1px solid #ccc">${esc(h)}</th>`,
  );
  const rows = t.rows.map(
    (r) =>
      `<tr>${r.cells.map((c) => `<td style="padding:4px 8px;border-bottom:1px solid #eee">${esc(c)}</td>`).join('')}</tr>`,
  );
  const foot = t.foot.map(
    ([k, v], i) =>
      `<tr><td colspan="${t.head.length - 1}" style="text-align:right;padding:4px 8px${i === t.foot.length - 1 ? ';font-weight:bold' : ''}">${esc(k)}</td><td style="padding:4px 8px${i === t.foot.length - 1 ? ';font-weight:bold' : ''}">${esc(v)}</td></tr>`,
  );
  return `<table style="border-collapse:collapse;font-family:sans-serif;font-size:14px"><thead><tr>${th.join('')}</tr></thead><tbody>${rows.join('')}</tbody><tfoot>${foot.join('')}</tfoot></table>`;
}

function htmlPage(title: string, paragraphs: string[], table: Table, after: string[]): string {
  const p = (s: string) => `<p style="font-family:sans-serif;font-size:14px">${s}</p>`;
  return `<!doctype html><html><body><h1 style="font-family:sans-serif;font-size:20px">${esc(title)}</h1>${paragraphs.map(p).join('')}${htmlTable(table)}${after.map(p).join('')}</body></html>`;
}

/** order_confirmation: the buyer's whole order, in the order's currency, in `t`'s language. */
export function renderBuyerMail(
  o: OrderMailData,
  orderUrl: string,
  t: ServerTranslate = translator('en'),
): RenderedMail {
  const m = (minor: number) => formatMoney(minor, o.currency);
  const table: Table = {
    head: [t('mail.order.item'), t('mail.order.qty'), t('mail.order.price'), t('mail.order.total')],
    rows: o.lines.map((l) => ({
      cells: [itemName(l), String(l.qty), m(l.unitPrice), m(l.unitPrice * l.qty)],
    })),
    foot: [
      [t('mail.order.items'), m(o.itemsPrice)],
      [
        t('mail.order.shipping'),
        o.shippingPrice === 0 ? t('mail.order.freeShipping', { amount: m(0) }) : m(o.shippingPrice),
      ],
      [t('mail.order.estimatedGst'), m(o.taxPrice)],
      [t('mail.order.total'), m(o.totalPrice)],
    ],
  };
  const paid = o.isPaid
    ? t('mail.order.paid')
    : o.paymentMethod === 'CashOnDelivery'
      ? t('mail.order.payOnDelivery')
      : t('mail.order.notPaid');
  const intro = t('mail.order.buyer.intro', { name: o.buyer.name, orderNumber: o.orderNumber });
  const payment = t('mail.order.buyer.payment', { method: paymentLabel(t, o.paymentMethod), status: paid });
  const ship = t('mail.order.buyer.shipTo', { address: addressLines(o.shippingAddress).join(', ') });
  const subject = t('mail.order.buyer.subject', { orderNumber: o.orderNumber });
  const text = [
    intro,
    '',
    payment,
    ship,
    '',
    textTable(table),
    '',
    t('mail.order.buyer.viewOrderAt', { url: orderUrl }),
    '',
    'Haat',
  ].join('\n');
  const html = htmlPage(subject, [esc(intro), esc(payment), esc(ship)], table, [
    `<a href="${esc(orderUrl)}">${esc(t('mail.order.buyer.viewOrder'))}</a>`,
  ]);
  return { subject, text, html };
}

const sellerPayment = (t: ServerTranslate, o: OrderMailData) =>
  o.isPaid
    ? t('mail.order.paymentPaid', { method: paymentLabel(t, o.paymentMethod) })
    : t('mail.order.payment', { method: paymentLabel(t, o.paymentMethod) });

/** order_seller: only this seller's lines, in INR, with the payout for each. */
export function renderSellerMail(
  o: OrderMailData,
  sellerLines: OrderMailLine[],
  sellerOrdersUrl: string,
  orderUrl: string,
  t: ServerTranslate = translator('en'),
): RenderedMail {
  const m = (minor: number) => formatMoney(minor, INR);
  const seller = sellerLines[0]!.seller;
  const table: Table = {
    head: [
      t('mail.order.item'),
      t('mail.order.qty'),
      t('mail.order.seller.unitPrice'),
      t('mail.order.seller.gst'),
      t('mail.order.seller.yourPayout'),
    ],
    rows: sellerLines.map((l) => ({
      cells: [itemName(l), String(l.qty), m(l.unitPriceInr), m(l.lineTaxInr), m(l.payoutInr)],
    })),
    foot: [[t('mail.order.seller.totalPayout'), m(sellerLines.reduce((s, l) => s + l.payoutInr, 0))]],
  };
  const units = sellerLines.reduce((s, l) => s + l.qty, 0);
  const intro = t('mail.order.seller.intro', { name: seller.name, orderNumber: o.orderNumber, count: units });
  const ship = t('mail.order.seller.shipTo', {
    name: o.buyer.name,
    address: addressLines(o.shippingAddress).join(', '),
  });
  const payment = sellerPayment(t, o);
  const subject = t('mail.order.seller.subject', { orderNumber: o.orderNumber, count: units });
  const text = [
    intro,
    '',
    ship,
    payment,
    '',
    textTable(table),
    '',
    t('mail.order.seller.theOrderAt', { url: orderUrl }),
    t('mail.order.seller.yourOrdersAt', { url: sellerOrdersUrl }),
    '',
    'Haat',
  ].join('\n');
  const html = htmlPage(subject, [esc(intro), esc(ship), esc(payment)], table, [
    `<a href="${esc(orderUrl)}">${esc(t('mail.order.seller.theOrder'))}</a> · <a href="${esc(sellerOrdersUrl)}">${esc(t('mail.order.seller.yourOrders'))}</a>`,
  ]);
  return { subject, text, html };
}

/** order_distributor: the whole order with who sells each line, for delivery (and cash collection). */
export function renderDistributorMail(
  o: OrderMailData,
  orderUrl: string,
  t: ServerTranslate = translator('en'),
): RenderedMail {
  const m = (minor: number) => formatMoney(minor, o.currency);
  const table: Table = {
    head: [
      t('mail.order.item'),
      t('mail.order.distributor.seller'),
      t('mail.order.qty'),
      t('mail.order.total'),
    ],
    rows: o.lines.map((l) => ({
      cells: [itemName(l), l.seller.name, String(l.qty), m(l.unitPrice * l.qty)],
    })),
    foot: [
      [t('mail.order.items'), m(o.itemsPrice)],
      [t('mail.order.estimatedGst'), m(o.taxPrice)],
      [t('mail.order.total'), m(o.totalPrice)],
    ],
  };
  const cod = o.paymentMethod === 'CashOnDelivery' && !o.isPaid;
  const intro = t('mail.order.distributor.intro', {
    orderNumber: o.orderNumber,
    name: o.buyer.name,
    email: o.buyer.email,
  });
  const ship = t('mail.order.distributor.deliverTo', { address: addressLines(o.shippingAddress).join(', ') });
  const payment = cod
    ? t('mail.order.distributor.collect', { amount: m(o.totalPrice) })
    : sellerPayment(t, o);
  const subject = cod
    ? t('mail.order.distributor.subjectCod', { orderNumber: o.orderNumber })
    : t('mail.order.distributor.subject', { orderNumber: o.orderNumber });
  const text = [
    intro,
    ship,
    payment,
    '',
    textTable(table),
    '',
    t('mail.order.distributor.orderAt', { url: orderUrl }),
    '',
    'Haat',
  ].join('\n');
  const html = htmlPage(subject, [esc(intro), esc(ship), esc(payment)], table, [
    `<a href="${esc(orderUrl)}">${esc(t('mail.order.distributor.openOrder'))}</a>`,
  ]);
  return { subject, text, html };
}

// ---------------------------------------------------------------------------------------------------------
// Queueing
// ---------------------------------------------------------------------------------------------------------

/** The address links in mails point at: PUBLIC_URL, else where this server listens. */
export function publicBaseUrl(config: Config): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
}

export type QueuedCount = { queued: number; already: number };

/**
 * Queue the completion mails of one order for `audience` ('all' = the three). Idempotent: recipients
 * who already have theirs are counted in `already`. Deleted sellers get no mail.
 */
export async function queueOrderMails(
  db: Queryable,
  config: Config,
  order: OrderMailData,
  audience: CompletionAudience | 'all',
): Promise<QueuedCount> {
  const base = publicBaseUrl(config);
  const orderUrl = `${base}/order/${order.id}`;
  const mails: EmailToSend[] = [];
  const doc = { documentType: 'order', documentId: order.id };

  if (audience === 'buyer' || audience === 'all') {
    mails.push({
      type: 'order_confirmation',
      ...doc,
      recipient: order.buyer.email,
      render: (t) => renderBuyerMail(order, orderUrl, t),
    });
  }
  if (audience === 'seller' || audience === 'all') {
    const bySeller = new Map<string, OrderMailLine[]>();
    for (const l of order.lines) {
      if (l.seller.deleted) continue;
      bySeller.set(l.seller.id, [...(bySeller.get(l.seller.id) ?? []), l]);
    }
    for (const lines of bySeller.values()) {
      mails.push({
        type: 'order_seller',
        ...doc,
        recipient: lines[0]!.seller.email,
        render: (t) => renderSellerMail(order, lines, `${base}/seller/orderlist`, orderUrl, t),
      });
    }
  }
  if (audience === 'distributors' || audience === 'all') {
    for (const d of await distributorRecipients(db)) {
      mails.push({
        type: 'order_distributor',
        ...doc,
        recipient: d.email,
        render: (t) => renderDistributorMail(order, orderUrl, t),
      });
    }
  }

  const result: QueuedCount = { queued: 0, already: 0 };
  for (const mail of mails) {
    if (await enqueueEmail(db, mail)) result.queued++;
    else result.already++;
  }
  return result;
}

/** The `order.completed` job: every completion mail of a paid order. */
export function orderCompletedJob(config: Config): JobHandler {
  return async (payload, { db }) => {
    const orderId = String(payload.orderId);
    const order = await orderMailData(db, orderId);
    if (!order) return; // deleted since: nothing to tell anyone
    await db.transaction(async (tx) => {
      await queueOrderMails(tx, config, order, 'all');
    });
  };
}

/**
 * GET|POST /api/orders/email/{audience}/complete_order/:id: queue that audience's completion mails.
 * The order's buyer and Admin only (others: 404). The order must be complete: paid, or cash on delivery
 * (which is paid at the door). Idempotent; only queues, so it answers before any mail is sent.
 */
export async function completeOrderMails(
  ctx: AuthedCtx,
  config: Config,
  orderId: string,
  audience: CompletionAudience,
): Promise<CompletionMails> {
  const order = await orderMailData(ctx.db, orderId);
  if (!order) throw notFound('Order not found');
  if (order.userId !== ctx.actor.id && !isAdmin(ctx.actor)) throw notFound('Order not found');
  if (order.status !== 'placed' || !(order.isPaid || order.paymentMethod === 'CashOnDelivery')) {
    throw conflict(PAYMENT_MSG.orderNotComplete, 'order_not_complete');
  }
  const { queued, already } = await queueOrderMails(ctx.db, config, order, audience);
  return { message: queued > 0 ? 'Notifications queued' : 'Notifications already sent', queued, already };
}
