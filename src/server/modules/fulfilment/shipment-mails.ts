import { z } from 'zod';
import { formatDecimal, parseMoney } from '#shared/money.ts';
import { nameWithVariant } from '#shared/variants.ts';
import { linkOrigin, type Config } from '../../config.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { enqueueEmail, type EmailToSend } from '../notifications/notifications.service.ts';
import {
  SHIPMENT_MAIL_EVENTS,
  codAmountOf,
  findShipmentView,
  linesOfShipments,
  type ShipmentLineRow,
  type ShipmentMailEvent,
  type ShipmentView,
} from './shipments.repo.ts';

/**
 * The mails of a shipment's steps (docs/decisions/0109-shipments-per-seller.md): shipped (with the
 * tracking link), out for delivery (a courier's notice), delivered, and returned to origin (to the buyer
 * and the seller). `moveShipment` and the courier notice queue the `shipment.mail` job on their own
 * transaction, once per step; this handler writes the mails with `enqueueEmail`, whose unique
 * (type, 'shipment', shipment id, recipient) key keeps each mail once per recipient even when the job
 * runs again. Buyer mails link to the order page and show the order number.
 */

export const SHIPMENT_MAIL_TYPES: Record<ShipmentMailEvent, string> = {
  shipped: 'shipment_shipped',
  out_for_delivery: 'shipment_out_for_delivery',
  delivered: 'shipment_delivered',
  returned_to_origin: 'shipment_returned_to_origin',
};

const payload = z.object({ shipmentId: z.string(), event: z.enum(SHIPMENT_MAIL_EVENTS) });

type Mail = {
  to: string;
  subject: string;
  paragraphs: string[];
  items: string[];
  link: { url: string; label: string };
};

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function render(m: Mail): Pick<EmailToSend, 'subject' | 'text' | 'html'> {
  const items = m.items.map((i) => `- ${i}`);
  const text = [...m.paragraphs, '', ...items, '', `${m.link.label}: ${m.link.url}`].join('\n');
  const p = (s: string) => `<p style="font-family:sans-serif;font-size:14px">${s}</p>`;
  const linkify = (s: string) => esc(s).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
  const html = `<!doctype html><html><body><h1 style="font-family:sans-serif;font-size:20px">${esc(m.subject)}</h1>${m.paragraphs
    .map((s) => p(linkify(s)))
    .join(
      '',
    )}<ul style="font-family:sans-serif;font-size:14px">${m.items.map((i) => `<li>${esc(i)}</li>`).join('')}</ul>${p(
    `<a href="${esc(m.link.url)}">${esc(m.link.label)}</a>`,
  )}</body></html>`;
  return { subject: m.subject, text, html };
}

const itemsOf = (lines: ShipmentLineRow[]) => lines.map((l) => `${nameWithVariant(l.name, l)} × ${l.qty}`);
const shopOf = (v: ShipmentView) => v.shopName ?? v.sellerName;
const dateIn = (ymd: string) =>
  new Date(`${ymd}T12:00:00Z`).toLocaleDateString('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/** The mails of one step, as (recipient, content); what the job writes. */
export async function shipmentMails(
  db: Parameters<typeof findShipmentView>[0],
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  shipmentId: string,
  event: ShipmentMailEvent,
): Promise<EmailToSend[]> {
  const v = await findShipmentView(db, shipmentId);
  if (!v) return [];
  const lines = await linesOfShipments(db, [v]);
  const origin = linkOrigin(config);
  const orderLink = { url: `${origin}/order/${v.orderId}`, label: `Order ${v.orderNumber}` };
  const items = itemsOf(lines);
  const mails: Mail[] = [];
  const hello = `Hello ${v.buyerName},`;
  switch (event) {
    case 'shipped': {
      const tracking = v.trackingUrl
        ? `Track it at ${v.trackingUrl} (${v.courier}, tracking number ${v.trackingNumber}).`
        : `Courier: ${v.courier ?? 'not given'}, tracking number ${v.trackingNumber ?? 'not given'}.`;
      mails.push({
        to: v.buyerEmail,
        subject: `Your order ${v.orderNumber} has shipped`,
        paragraphs: [
          hello,
          `${shopOf(v)} has shipped these items of your order ${v.orderNumber}.`,
          tracking,
          ...(v.expectedDeliveryDate ? [`Expected delivery: ${dateIn(v.expectedDeliveryDate)}.`] : []),
        ],
        items,
        link: orderLink,
      });
      break;
    }
    case 'out_for_delivery': {
      const cod =
        v.paymentMethod === 'CashOnDelivery' && !v.isPaid ? parseMoney(await codAmountOf(db, v)) : 0;
      mails.push({
        to: v.buyerEmail,
        subject: `Out for delivery today: order ${v.orderNumber}`,
        paragraphs: [
          hello,
          `Your parcel from ${shopOf(v)} (order ${v.orderNumber}) is out for delivery today.`,
          ...(cod > 0 ? [`Please keep ₹${formatDecimal(cod)} ready: it is cash on delivery.`] : []),
        ],
        items,
        link: orderLink,
      });
      break;
    }
    case 'delivered':
      mails.push({
        to: v.buyerEmail,
        subject: `Delivered: order ${v.orderNumber}`,
        paragraphs: [
          hello,
          `Your parcel from ${shopOf(v)} (order ${v.orderNumber}) has been delivered.`,
          'Not right? You can ask for a return or an exchange within 7 days, from your order page.',
        ],
        items,
        link: orderLink,
      });
      break;
    case 'returned_to_origin':
      mails.push(
        {
          to: v.buyerEmail,
          subject: `Your parcel for order ${v.orderNumber} went back to the seller`,
          paragraphs: [
            hello,
            `The courier could not deliver your parcel from ${shopOf(v)} (order ${v.orderNumber}), so it went back to the seller.`,
            v.isPaid && v.paymentMethod !== 'CashOnDelivery'
              ? 'Nothing is charged to you: what you paid for these items is refunded to your payment method within 7 days.'
              : 'Nothing is charged to you.',
          ],
          items,
          link: orderLink,
        },
        {
          to: v.sellerEmail,
          subject: `Parcel returned to you: order ${v.orderNumber}`,
          paragraphs: [
            `Hello ${v.sellerName},`,
            `Your parcel for order ${v.orderNumber} (to ${v.shippingAddress.city}, ${v.shippingAddress.postalCode}) was returned to origin.`,
            'Its units are back in stock and the payout for them is taken back.',
          ],
          items,
          link: { url: `${origin}/seller/shipments`, label: 'Your shipments' },
        },
      );
      break;
  }
  return mails.map((m) => ({
    type: SHIPMENT_MAIL_TYPES[event],
    documentType: 'shipment',
    documentId: v.id,
    recipient: m.to,
    ...render(m),
  }));
}

/** The `shipment.mail` job: writes the step's mails, each at most once per recipient. */
export function shipmentMailJob(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): JobHandler {
  return async (raw, { db }) => {
    const { shipmentId, event } = payload.parse(raw);
    const mails = await shipmentMails(db, config, shipmentId, event);
    await db.transaction(async (tx) => {
      for (const m of mails) await enqueueEmail(tx, m);
    });
  };
}
