import { z } from 'zod';
import { formatMoney, INR } from '#shared/money.ts';
import { linkOrigin, type Config } from '../../config.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { translator, type ServerTranslate } from '../../lib/messages.ts';
import { enqueueEmail } from '../notifications/notifications.service.ts';
import { payoutDestination } from './payouts.service.ts';
import { payoutMailFacts } from './payouts.repo.ts';

/**
 * A seller's mails about its money (docs/decisions/0121-payouts.md): 'payout_sent' when a payout is
 * processed (with the bank's UTR), 'payout_returned' when one sent comes back or fails (the money is owed
 * again and goes out in the next batch). The state move queues the `payouts.mail` job in its transaction
 * (once: its dedupe key); `enqueueEmail`'s unique (type, 'payout', payout id, recipient) keeps the mail
 * once even when the job runs again.
 */

export const PAYOUT_SENT_MAIL = 'payout_sent';
export const PAYOUT_RETURNED_MAIL = 'payout_returned';

const payload = z.object({ payoutId: z.string(), event: z.enum(['sent', 'returned']) });

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

type Facts = NonNullable<Awaited<ReturnType<typeof payoutMailFacts>>>;

export function renderPayoutMail(
  f: Facts,
  event: 'sent' | 'returned',
  statementUrl: string,
  t: ServerTranslate = translator('en'),
) {
  const amount = formatMoney(f.p.amount, INR);
  const to = payoutDestination(f.p.account);
  const at = { amount, to, name: f.sellerName, batch: String(f.batchNumber) };
  const subject =
    event === 'sent' ? t('mail.payout.sent.subject', at) : t('mail.payout.returned.subject', at);
  const paragraphs =
    event === 'sent'
      ? [
          t('mail.payout.sent.body', at),
          f.p.utr ? t('mail.payout.sent.utr', { utr: f.p.utr }) : '',
          t('mail.payout.sent.statement'),
        ]
      : [
          f.p.failureReason
            ? t('mail.payout.returned.bodyReason', { ...at, reason: f.p.failureReason })
            : t('mail.payout.returned.body', at),
          t('mail.payout.returned.next'),
        ];
  const lines = paragraphs.filter(Boolean);
  const text = [...lines, '', t('mail.payout.yourStatementAt', { url: statementUrl }), '', 'Haat'].join('\n');
  const p = (s: string) => `<p style="font-family:sans-serif;font-size:14px">${esc(s)}</p>`;
  const html = `<!doctype html><html><body><h1 style="font-family:sans-serif;font-size:20px">${esc(subject)}</h1>${lines
    .map(p)
    .join(
      '',
    )}<p style="font-family:sans-serif;font-size:14px"><a href="${esc(statementUrl)}">${esc(t('mail.payout.yourStatement'))}</a></p></body></html>`;
  return { subject, text, html };
}

/** The `payouts.mail` job's handler. A payout that never reached the mailed state, or a deleted seller, gets none. */
export function payoutMailJob(config: Config): JobHandler {
  return async (raw, { db }) => {
    const { payoutId, event } = payload.parse(raw);
    const f = await payoutMailFacts(db, payoutId);
    if (!f || f.sellerDeletedAt) return;
    // Sent once processed, even if it has come back since (that has its own mail).
    if (event === 'sent' && f.p.processedAt === null) return;
    if (event === 'returned' && f.p.state !== 'reversed' && f.p.state !== 'failed') return;
    await enqueueEmail(db, {
      type: event === 'sent' ? PAYOUT_SENT_MAIL : PAYOUT_RETURNED_MAIL,
      documentType: 'payout',
      documentId: payoutId,
      recipient: f.sellerEmail,
      render: (t) => renderPayoutMail(f, event, `${linkOrigin(config)}/seller/statement`, t),
    });
  };
}
