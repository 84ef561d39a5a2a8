import { z } from 'zod';
import { formatDecimal, parseMoney } from '#shared/money.ts';
import { nameWithVariant } from '#shared/variants.ts';
import { linkOrigin, type Config } from '../../config.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import type { ServerTranslate } from '../../lib/messages.ts';
import { enqueueEmail, type EmailToSend, type MailContent } from '../notifications/notifications.service.ts';
import {
  SHIPMENT_MAIL_EVENTS,
  codAmountOf,
  findShipmentView,
  linesOfShipments,
  type ShipmentLineRow,
  type ShipmentMailEvent,
  type ShipmentView,
} from './shipments.repo.ts';
import { calendarDateIn } from '#shared/i18n/dates.ts';

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

function render(m: Mail): MailContent {
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

/** The mails of one step, as (recipient, content in the recipient's language); what the job writes. */
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
  const orderLink = (t: ServerTranslate) => ({
    url: `${origin}/order/${v.orderId}`,
    label: t('mail.shipment.orderLink', { orderNumber: v.orderNumber }),
  });
  const items = itemsOf(lines);
  const mails: { to: string; mail: (t: ServerTranslate) => Mail }[] = [];
  const hello = (t: ServerTranslate) => t('mail.shipment.hello', { name: v.buyerName });
  const at = { shop: shopOf(v), orderNumber: v.orderNumber };
  switch (event) {
    case 'shipped': {
      mails.push({
        to: v.buyerEmail,
        mail: (t) => ({
          subject: t('mail.shipment.shipped.subject', at),
          paragraphs: [
            hello(t),
            t('mail.shipment.shipped.body', at),
            v.trackingUrl
              ? t('mail.shipment.shipped.trackAt', {
                  url: v.trackingUrl,
                  courier: String(v.courier),
                  number: String(v.trackingNumber),
                })
              : t('mail.shipment.shipped.courier', {
                  courier: v.courier ?? t('mail.shipment.shipped.notGiven'),
                  number: v.trackingNumber ?? t('mail.shipment.shipped.notGiven'),
                }),
            ...(v.expectedDeliveryDate
              ? [
                  t('mail.shipment.shipped.expected', {
                    date: calendarDateIn(t.language.intl, v.expectedDeliveryDate, 'long'),
                  }),
                ]
              : []),
          ],
          items,
          link: orderLink(t),
        }),
      });
      break;
    }
    case 'out_for_delivery': {
      const cod =
        v.paymentMethod === 'CashOnDelivery' && !v.isPaid ? parseMoney(await codAmountOf(db, v)) : 0;
      mails.push({
        to: v.buyerEmail,
        mail: (t) => ({
          subject: t('mail.shipment.outForDelivery.subject', at),
          paragraphs: [
            hello(t),
            t('mail.shipment.outForDelivery.body', at),
            ...(cod > 0
              ? [t('mail.shipment.outForDelivery.keepCash', { amount: `₹${formatDecimal(cod)}` })]
              : []),
          ],
          items,
          link: orderLink(t),
        }),
      });
      break;
    }
    case 'delivered':
      mails.push({
        to: v.buyerEmail,
        mail: (t) => ({
          subject: t('mail.shipment.delivered.subject', at),
          paragraphs: [hello(t), t('mail.shipment.delivered.body', at), t('mail.shipment.delivered.returns')],
          items,
          link: orderLink(t),
        }),
      });
      break;
    case 'returned_to_origin':
      mails.push(
        {
          to: v.buyerEmail,
          mail: (t) => ({
            subject: t('mail.shipment.returnedToOrigin.subject', at),
            paragraphs: [
              hello(t),
              t('mail.shipment.returnedToOrigin.body', at),
              v.isPaid && v.paymentMethod !== 'CashOnDelivery'
                ? t('mail.shipment.returnedToOrigin.refunded')
                : t('mail.shipment.returnedToOrigin.nothingCharged'),
            ],
            items,
            link: orderLink(t),
          }),
        },
        {
          to: v.sellerEmail,
          mail: (t) => ({
            subject: t('mail.shipment.returnedToOrigin.sellerSubject', at),
            paragraphs: [
              t('mail.shipment.hello', { name: v.sellerName }),
              t('mail.shipment.returnedToOrigin.sellerBody', {
                orderNumber: v.orderNumber,
                city: v.shippingAddress.city,
                postalCode: v.shippingAddress.postalCode,
              }),
              t('mail.shipment.returnedToOrigin.sellerStock'),
            ],
            items,
            link: { url: `${origin}/seller/shipments`, label: t('mail.shipment.yourShipments') },
          }),
        },
      );
      break;
  }
  return mails.map((m) => ({
    type: SHIPMENT_MAIL_TYPES[event],
    documentType: 'shipment',
    documentId: v.id,
    recipient: m.to,
    render: (t) => render(m.mail(t)),
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
