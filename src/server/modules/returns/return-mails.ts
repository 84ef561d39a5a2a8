import { currencyByCode } from '#shared/currencies.ts';
import { formatDeliveryDate, kolkataDate } from '#shared/delivery.ts';
import { REFUND_DUE_DAYS, returnReasonLabel } from '#shared/fulfilment.ts';
import { formatMoney } from '#shared/money.ts';
import { nameWithVariant } from '#shared/variants.ts';
import { linkOrigin, type Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { enqueueEmail } from '../notifications/notifications.service.ts';
import * as repo from './returns.repo.ts';

/**
 * The mails of a return or exchange request (docs/decisions/0112-returns-and-exchanges.md), queued on the
 * transaction of the move they tell about. Each is keyed (type, 'return', request id, recipient), so a
 * repeated or racing move never sends one twice. Deleted accounts get none.
 */

export const RETURN_MAIL = {
  /** To the seller: a buyer asked to return or exchange. */
  requested: 'return_requested',
  /** To the buyer: we have the request. */
  acknowledged: 'return_request_received',
  approved: 'return_approved',
  rejected: 'return_rejected',
  received: 'return_received',
  refunded: 'return_refunded',
  /** To the buyer and the seller: the new size ships as a new parcel. */
  exchanged: 'return_exchanged',
  /** To the buyer: the exchange parcel came back or was cancelled; the money comes back instead. */
  exchangeFailed: 'return_exchange_failed',
} as const;
export type ReturnMailType = (typeof RETURN_MAIL)[keyof typeof RETURN_MAIL];

export type ReturnMailExtra = {
  refund?: { amountMinor: number; currency: string; method: string } | null;
  /** When the refund was started: it is due REFUND_DUE_DAYS after. */
  startedAt?: Date;
  /** Why an exchange parcel never arrived. */
  failure?: { cause: 'returned_to_origin' | 'cancelled'; reason: string | null };
};

type Rendered = { subject: string; text: string; html: string };

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function render(title: string, paragraphs: string[], link: { url: string; label: string }): Rendered {
  const p = (s: string) => `<p style="font-family:sans-serif;font-size:14px">${esc(s)}</p>`;
  const html = `<!doctype html><html><body><h1 style="font-family:sans-serif;font-size:20px">${esc(title)}</h1>${paragraphs.map(p).join('')}<p style="font-family:sans-serif;font-size:14px"><a href="${esc(link.url)}">${esc(link.label)}</a></p></body></html>`;
  const text = [...paragraphs, '', `${link.label}: ${link.url}`, '', 'Haat']
    .join('\n\n')
    .replace(/\n{3,}/g, '\n\n');
  return { subject: title, text, html };
}

const what = (r: repo.ReturnView) =>
  `${nameWithVariant(r.lineName, { size: r.lineSize, colour: r.lineColour })} × ${r.qty}`;
const wanted = (r: repo.ReturnView) =>
  r.exchangeSize ? nameWithVariant(r.lineName, { size: r.exchangeSize, colour: r.exchangeColour }) : null;
const askedFor = (r: repo.ReturnView) => (r.kind === 'exchange' ? 'exchange' : 'return');

/**
 * The refund at the moment it is asked for: started, not done (its own state shows on the order page), and
 * the day it is due, REFUND_DUE_DAYS after `startedAt` (the terms page's 7 days).
 */
function moneyLines(refund: ReturnMailExtra['refund'], startedAt: Date, hasAccount: boolean): string[] {
  if (!refund) return ['Nothing was charged for it, so there is nothing to refund.'];
  const digits = currencyByCode(refund.currency)?.decimalDigits ?? 2;
  const amount = formatMoney(refund.amountMinor, { code: refund.currency, decimalDigits: digits });
  const due = formatDeliveryDate(
    kolkataDate(new Date(startedAt.getTime() + REFUND_DUE_DAYS * 24 * 60 * 60 * 1000)),
  );
  const started =
    refund.method === 'CashOnDelivery'
      ? hasAccount
        ? `We have started a refund of ${amount}: our team pays it to the UPI id or bank account you gave.`
        : `We have started a refund of ${amount}: our team pays it by UPI or bank transfer; please reply to this mail with a UPI id or bank account.`
      : `We have started a refund of ${amount} to your original payment method (${refund.method}).`;
  return [
    `${started} It is due by ${due} (within ${REFUND_DUE_DAYS} days); your order page shows where it is.`,
  ];
}

/** The mail of `type` to its recipient(s), or nothing when it does not apply. */
function mailsOf(
  type: ReturnMailType,
  r: repo.ReturnView,
  people: repo.MailPeople,
  origin: string,
  extra: ReturnMailExtra,
): { to: 'buyer' | 'seller'; mail: Rendered }[] {
  const shop = people.seller.shopName ?? people.seller.name;
  const order = { url: `${origin}/order/${r.orderId}`, label: 'Your order' };
  const sellerLink = { url: `${origin}/seller/returns`, label: 'Returns to handle' };
  const hello = `Hello ${people.buyer.name},`;
  switch (type) {
    case RETURN_MAIL.requested: {
      const size = wanted(r);
      return [
        {
          to: 'seller',
          mail: render(
            `${r.kind === 'exchange' ? 'Exchange' : 'Return'} requested for order ${r.orderNumber}`,
            [
              `Hello ${people.seller.name}, ${people.buyer.name} asks to ${askedFor(r)} ${what(r)} from order ${r.orderNumber}.`,
              `Reason: ${returnReasonLabel(r.reason)}.${r.comment ? ` Their words: ${r.comment}` : ''}`,
              ...(size ? [`They would like ${size} instead; it is set aside for them.`] : []),
              'Please approve it (a pickup is scheduled) or reject it with a reason.',
            ],
            sellerLink,
          ),
        },
      ];
    }
    case RETURN_MAIL.acknowledged:
      return [
        {
          to: 'buyer',
          mail: render(
            `We have your ${askedFor(r)} request for order ${r.orderNumber}`,
            [
              `${hello} you asked to ${askedFor(r)} ${what(r)} (${returnReasonLabel(r.reason)}).`,
              `${shop} will approve or reject it; we will write to you at each step.`,
            ],
            order,
          ),
        },
      ];
    case RETURN_MAIL.approved:
      return [
        {
          to: 'buyer',
          mail: render(
            `Your ${askedFor(r)} for order ${r.orderNumber} is approved`,
            [
              `${hello} ${shop} approved your request to ${askedFor(r)} ${what(r)}.`,
              r.pickupScheduledFor
                ? `A courier will pick it up on ${formatDeliveryDate(r.pickupScheduledFor)}. Please pack it with its tags.`
                : 'A courier will pick it up soon. Please pack it with its tags.',
            ],
            order,
          ),
        },
      ];
    case RETURN_MAIL.rejected:
      return [
        {
          to: 'buyer',
          mail: render(
            `Your ${askedFor(r)} for order ${r.orderNumber} was not accepted`,
            [
              `${hello} ${shop} rejected your request to ${askedFor(r)} ${what(r)}.`,
              `Reason: ${r.rejectReason ?? 'none given'}.`,
              'If you think this is wrong, please reply to this mail.',
            ],
            order,
          ),
        },
      ];
    case RETURN_MAIL.received:
      return [
        {
          to: 'buyer',
          mail: render(
            `${shop} received your ${askedFor(r)} for order ${r.orderNumber}`,
            [`${hello} ${shop} has received ${what(r)} back.`],
            order,
          ),
        },
      ];
    case RETURN_MAIL.refunded:
      return [
        {
          to: 'buyer',
          mail: render(
            `Refund started for your return from order ${r.orderNumber}`,
            [
              `${hello} ${shop} has received ${what(r)} back.`,
              ...moneyLines(extra.refund, extra.startedAt ?? new Date(), r.refundAccount !== null),
            ],
            order,
          ),
        },
      ];
    case RETURN_MAIL.exchangeFailed: {
      const size = wanted(r) ?? r.lineName;
      const failure = extra.failure ?? { cause: 'returned_to_origin', reason: null };
      const why =
        failure.cause === 'returned_to_origin'
          ? `the parcel with ${size} × ${r.qty} could not be delivered and went back to ${shop}.`
          : `${shop} cancelled the parcel with ${size} × ${r.qty}${failure.reason ? ` (${failure.reason})` : ''}.`;
      return [
        {
          to: 'buyer',
          mail: render(
            `Your exchange for order ${r.orderNumber} could not be completed`,
            [
              `${hello} we are sorry: ${why}`,
              `You sent ${what(r)} back, so you get your money back instead.`,
              ...moneyLines(extra.refund, extra.startedAt ?? new Date(), r.refundAccount !== null),
            ],
            order,
          ),
        },
      ];
    }
    case RETURN_MAIL.exchanged: {
      const size = wanted(r) ?? r.lineName;
      return [
        {
          to: 'buyer',
          mail: render(
            `Your exchange for order ${r.orderNumber} is on its way`,
            [
              `${hello} ${shop} is sending you ${size} × ${r.qty} as a new parcel. You can follow it on your order.`,
            ],
            order,
          ),
        },
        {
          to: 'seller',
          mail: render(
            `Exchange to ship for order ${r.orderNumber}`,
            [
              `Hello ${people.seller.name}, please ship ${size} × ${r.qty} to ${people.buyer.name} for order ${r.orderNumber}: a new parcel of its own.`,
            ],
            { url: `${origin}/seller/orderlist`, label: 'Your shipments' },
          ),
        },
      ];
    }
  }
}

/** Queues the mail(s) of `type` for request `returnId` on `tx`. */
export async function queueReturnMail(
  tx: Queryable,
  config: Config,
  type: ReturnMailType,
  returnId: string,
  extra: ReturnMailExtra = {},
): Promise<void> {
  const [r, people] = [await repo.returnView(tx, returnId), await repo.mailPeople(tx, returnId)];
  if (!r || !people) return;
  for (const { to, mail } of mailsOf(type, r, people, linkOrigin(config), extra)) {
    const person = people[to];
    if (person.deleted) continue;
    await enqueueEmail(tx, {
      type,
      documentType: 'return',
      documentId: r.id,
      recipient: person.email,
      ...mail,
    });
  }
}
