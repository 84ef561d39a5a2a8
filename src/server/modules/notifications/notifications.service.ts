import { z } from 'zod';
import { isAdmin } from '#shared/permissions.ts';
import { isUuid } from '#shared/schemas/common.ts';
import type { NotificationKey } from '#shared/schemas/payment.ts';
import type { Queryable } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { translator, type ServerTranslate } from '../../lib/messages.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { orderOwnerId } from '../orders/orders.service.ts';
import type { Mailer } from './mailer.ts';
import * as repo from './notifications.repo.ts';

/** The job kind that delivers one e-mail. */
export const EMAIL_JOB = 'email.send';

/** A mail's content, written in one language. */
export type MailContent = { subject: string; text: string; html?: string };

export type EmailToSend = {
  /** order_confirmation, order_seller, order_distributor, seller_verification, … */
  type: string;
  /** What the mail is about, e.g. 'order' or 'user'. */
  documentType: string;
  documentId: string;
  /** The recipient's e-mail address. */
  recipient: string;
} & (
  | MailContent
  /**
   * Written in the recipient's language (docs/decisions/0137-mails-and-pdfs-in-hindi.md): the account's
   * choice with that address (users.language), else English. Called once, when the mail is queued.
   */
  | { render: (t: ServerTranslate) => MailContent }
);

/** Addresses compare case-insensitively, so the once-key must not depend on how one was typed. */
export const normalizeRecipient = (email: string) => email.trim().toLowerCase();

const emailJobPayload = z.object({
  notificationId: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  type: z.string(),
  documentType: z.string(),
  documentId: z.string(),
});

/**
 * Record the notification and queue its delivery, in ONE statement on `db` (pass the caller's
 * transaction to tie it to that change). The unique (type, documentType, documentId, recipient) key
 * makes this "at most once" by the database (docs/product/payments.md): returns true only when this call created
 * the notification; a repeat, even a concurrent one, returns false and queues nothing.
 *
 * Sending happens later in the job queue, so a mail server being down never fails the caller. A mail given
 * as `render` is written here, in the recipient's language at this moment, and queued as text: the job
 * only delivers it, so a retry sends the same words and the once-key is untouched.
 */
export async function enqueueEmail(db: Queryable, email: EmailToSend): Promise<boolean> {
  const recipient = normalizeRecipient(email.recipient);
  const content =
    'render' in email ? email.render(translator(await repo.languageOfAddress(db, recipient))) : email;
  const payload = {
    to: recipient,
    subject: content.subject,
    text: content.text,
    ...(content.html ? { html: content.html } : {}),
    type: email.type,
    documentType: email.documentType,
    documentId: email.documentId,
  };
  return repo.insertNotificationWithJob(db, EMAIL_JOB, {
    type: email.type,
    documentType: email.documentType,
    documentId: email.documentId,
    recipient,
    payload,
  });
}

/**
 * The `email.send` job: deliver, then set `sentAt`. A notification already marked sent is skipped, so a
 * job re-run after a crash between the two steps is the only way a mail can go twice (at-least-once
 * delivery from the queue, at-most-once creation by the unique key).
 */
export function sendEmailJob(mailer: Mailer): JobHandler {
  return async (raw, { db }) => {
    const job = emailJobPayload.parse(raw);
    const sentAt = await repo.sentAtOf(db, job.notificationId);
    if (sentAt !== null) return; // no such notification, or already sent
    await mailer.send({
      id: job.notificationId,
      to: job.to,
      subject: job.subject,
      text: job.text,
      html: job.html,
      meta: { type: job.type, documentType: job.documentType, documentId: job.documentId },
    });
    await repo.markSent(db, job.notificationId);
  };
}

// ---------------------------------------------------------------------------------------------------------
// Use cases behind the routes
// ---------------------------------------------------------------------------------------------------------

/** Whether the caller owns the document a notification is about: their order, or themselves. Admin: all. */
async function ownsDocument(ctx: AuthedCtx, documentType: string, documentId: string): Promise<boolean> {
  if (isAdmin(ctx.actor)) return true;
  if (!isUuid(documentId)) return false;
  if (documentType === 'order') return (await orderOwnerId(ctx.db, documentId)) === ctx.actor.id;
  if (documentType === 'user') return documentId === ctx.actor.id;
  return false;
}

/** GET /api/notifications/check: whether that notification exists, for the caller's own documents. */
export async function checkNotification(ctx: AuthedCtx, key: NotificationKey): Promise<boolean> {
  if (!(await ownsDocument(ctx, key.documentType, key.documentId))) throw notFound();
  return repo.notificationExists(ctx.db, { ...key, recipient: normalizeRecipient(key.recipient) });
}

/**
 * POST /api/notifications/record (docs/product/api.md): records a notification without sending one. Since the server
 * now sends mail itself this is only for SPEC clients; recording one suppresses that mail, so a caller may
 * record only their own notifications (recipient = their address) about their own documents.
 */
export async function recordNotification(ctx: AuthedCtx, key: NotificationKey): Promise<boolean> {
  if (!(await ownsDocument(ctx, key.documentType, key.documentId))) throw notFound();
  const recipient = normalizeRecipient(key.recipient);
  if (!isAdmin(ctx.actor) && recipient !== normalizeRecipient(ctx.actor.email)) {
    throw forbidden('You can only record your own notifications');
  }
  return repo.insertNotification(ctx.db, { ...key, recipient });
}
