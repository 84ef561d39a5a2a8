import { currencyByCode } from '#shared/currencies.ts';
import { kolkataDate } from '#shared/delivery.ts';
import { REFUND_DUE_DAYS, returnReasonLabel } from '#shared/fulfilment.ts';
import { formatMoney } from '#shared/money.ts';
import { nameWithVariant } from '#shared/variants.ts';
import { linkOrigin, type Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import type { ServerTranslate } from '../../lib/messages.ts';
import { enqueueEmail } from '../notifications/notifications.service.ts';
import * as repo from './returns.repo.ts';
import { calendarDateIn } from '#shared/i18n/dates.ts';

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

/** The buyer's reason in the mail's language (the codes of RETURN_REASONS; another code as it is). */
function reasonIn(t: ServerTranslate, code: string): string {
  const labels: Record<string, string> = {
    too_small: t('mail.returns.reasons.too_small'),
    too_large: t('mail.returns.reasons.too_large'),
    damaged: t('mail.returns.reasons.damaged'),
    wrong_item: t('mail.returns.reasons.wrong_item'),
    not_as_described: t('mail.returns.reasons.not_as_described'),
    quality: t('mail.returns.reasons.quality'),
    no_longer_needed: t('mail.returns.reasons.no_longer_needed'),
    other: t('mail.returns.reasons.other'),
  };
  return labels[code] ?? returnReasonLabel(code);
}

/** 'Fri, 27 Nov' as the delivery dates are written, in the mail's language. */
const dayIn = (t: ServerTranslate, date: string) => calendarDateIn(t.language.intl, date, 'day');

/**
 * The refund at the moment it is asked for: started, not done (its own state shows on the order page), and
 * the day it is due, REFUND_DUE_DAYS after `startedAt` (the terms page's 7 days).
 */
function moneyLines(
  t: ServerTranslate,
  refund: ReturnMailExtra['refund'],
  startedAt: Date,
  hasAccount: boolean,
): string[] {
  if (!refund) return [t('mail.returns.money.nothing')];
  const digits = currencyByCode(refund.currency)?.decimalDigits ?? 2;
  const amount = formatMoney(refund.amountMinor, { code: refund.currency, decimalDigits: digits });
  const due = dayIn(t, kolkataDate(new Date(startedAt.getTime() + REFUND_DUE_DAYS * 24 * 60 * 60 * 1000)));
  const at = { amount, due, days: REFUND_DUE_DAYS };
  return [
    refund.method === 'CashOnDelivery'
      ? hasAccount
        ? t('mail.returns.money.toAccount', at)
        : t('mail.returns.money.askAccount', at)
      : t('mail.returns.money.toMethod', { ...at, method: refund.method }),
  ];
}

type Built = { to: 'buyer' | 'seller'; mail: (t: ServerTranslate) => Rendered };

/** The mail of `type` to its recipient(s), each written in the recipient's language, or nothing. */
function mailsOf(
  type: ReturnMailType,
  r: repo.ReturnView,
  people: repo.MailPeople,
  origin: string,
  extra: ReturnMailExtra,
): Built[] {
  const shop = people.seller.shopName ?? people.seller.name;
  const order = (t: ServerTranslate) => ({
    url: `${origin}/order/${r.orderId}`,
    label: t('mail.returns.yourOrder'),
  });
  const sellerLink = (t: ServerTranslate) => ({
    url: `${origin}/seller/returns`,
    label: t('mail.returns.returnsToHandle'),
  });
  const at = {
    kind: r.kind === 'exchange' ? 'exchange' : 'return',
    orderNumber: r.orderNumber,
    name: people.buyer.name,
    shop,
    item: what(r),
  };
  switch (type) {
    case RETURN_MAIL.requested: {
      const size = wanted(r);
      return [
        {
          to: 'seller',
          mail: (t) =>
            render(
              t('mail.returns.requested.subject', at),
              [
                t('mail.returns.requested.body', {
                  ...at,
                  seller: people.seller.name,
                  buyer: people.buyer.name,
                }),
                r.comment
                  ? t('mail.returns.reasonWords', { reason: reasonIn(t, r.reason), comment: r.comment })
                  : t('mail.returns.reason', { reason: reasonIn(t, r.reason) }),
                ...(size ? [t('mail.returns.requested.instead', { size })] : []),
                t('mail.returns.requested.approveOrReject'),
              ],
              sellerLink(t),
            ),
        },
      ];
    }
    case RETURN_MAIL.acknowledged:
      return [
        {
          to: 'buyer',
          mail: (t) =>
            render(
              t('mail.returns.acknowledged.subject', at),
              [
                t('mail.returns.acknowledged.body', { ...at, reason: reasonIn(t, r.reason) }),
                t('mail.returns.acknowledged.next', at),
              ],
              order(t),
            ),
        },
      ];
    case RETURN_MAIL.approved:
      return [
        {
          to: 'buyer',
          mail: (t) =>
            render(
              t('mail.returns.approved.subject', at),
              [
                t('mail.returns.approved.body', at),
                r.pickupScheduledFor
                  ? t('mail.returns.approved.pickupOn', { date: dayIn(t, r.pickupScheduledFor) })
                  : t('mail.returns.approved.pickupSoon'),
              ],
              order(t),
            ),
        },
      ];
    case RETURN_MAIL.rejected:
      return [
        {
          to: 'buyer',
          mail: (t) =>
            render(
              t('mail.returns.rejected.subject', at),
              [
                t('mail.returns.rejected.body', at),
                t('mail.returns.reason', { reason: r.rejectReason ?? t('mail.returns.rejected.noneGiven') }),
                t('mail.returns.rejected.replyIfWrong'),
              ],
              order(t),
            ),
        },
      ];
    case RETURN_MAIL.received:
      return [
        {
          to: 'buyer',
          mail: (t) =>
            render(t('mail.returns.received.subject', at), [t('mail.returns.received.body', at)], order(t)),
        },
      ];
    case RETURN_MAIL.refunded:
      return [
        {
          to: 'buyer',
          mail: (t) =>
            render(
              t('mail.returns.refunded.subject', at),
              [
                t('mail.returns.received.body', at),
                ...moneyLines(t, extra.refund, extra.startedAt ?? new Date(), r.refundAccount !== null),
              ],
              order(t),
            ),
        },
      ];
    case RETURN_MAIL.exchangeFailed: {
      const sent = `${wanted(r) ?? r.lineName} × ${r.qty}`;
      const failure = extra.failure ?? { cause: 'returned_to_origin', reason: null };
      return [
        {
          to: 'buyer',
          mail: (t) =>
            render(
              t('mail.returns.exchangeFailed.subject', at),
              [
                failure.cause === 'returned_to_origin'
                  ? t('mail.returns.exchangeFailed.sorryReturned', { ...at, parcel: sent })
                  : failure.reason
                    ? t('mail.returns.exchangeFailed.sorryCancelledReason', {
                        ...at,
                        parcel: sent,
                        reason: failure.reason,
                      })
                    : t('mail.returns.exchangeFailed.sorryCancelled', { ...at, parcel: sent }),
                t('mail.returns.exchangeFailed.moneyInstead', at),
                ...moneyLines(t, extra.refund, extra.startedAt ?? new Date(), r.refundAccount !== null),
              ],
              order(t),
            ),
        },
      ];
    }
    case RETURN_MAIL.exchanged: {
      const parcel = `${wanted(r) ?? r.lineName} × ${r.qty}`;
      return [
        {
          to: 'buyer',
          mail: (t) =>
            render(
              t('mail.returns.exchanged.subject', at),
              [t('mail.returns.exchanged.body', { ...at, parcel })],
              order(t),
            ),
        },
        {
          to: 'seller',
          mail: (t) =>
            render(
              t('mail.returns.exchanged.sellerSubject', at),
              [
                t('mail.returns.exchanged.sellerBody', {
                  ...at,
                  parcel,
                  seller: people.seller.name,
                  buyer: people.buyer.name,
                }),
              ],
              { url: `${origin}/seller/orderlist`, label: t('mail.returns.yourShipments') },
            ),
        },
      ];
    }
  }
}

/** Queues the mail(s) of `type` for request `returnId` on `tx`, each in its recipient's language. */
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
      render: mail,
    });
  }
}
