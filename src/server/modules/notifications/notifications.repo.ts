import { and, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationKey } from '#shared/schemas/payment.ts';
import type { Queryable } from '../../db/client.ts';
import { addJobSql } from '../../jobs/queue.ts';
import { notifications, users } from '../../db/schema/index.ts';

/**
 * SQL for notification records (docs/product/notifications.md#notification-records). The unique
 * (type, documentType, documentId, recipient) key makes each mail "at most once" by the database.
 */

export type QueuedEmail = {
  type: string;
  documentType: string;
  documentId: string;
  /** Already normalised (see `normalizeRecipient`). */
  recipient: string;
  /** The delivery job's payload, without the notification id (added here). */
  payload: Record<string, unknown>;
};

/**
 * Record the notification and queue its delivery job (graphile-worker's add_job), in ONE statement on `db` (pass the caller's
 * transaction to tie it to that change). True only when this call created the notification; a repeat,
 * even a concurrent one, is refused by the unique key and queues nothing.
 */
export async function insertNotificationWithJob(
  db: Queryable,
  jobKind: string,
  email: QueuedEmail,
): Promise<boolean> {
  const result = await db.execute(sql`
    with created as (
      insert into notifications (type, document_type, document_id, recipient)
      values (${email.type}, ${email.documentType}, ${email.documentId}, ${email.recipient})
      on conflict on constraint notifications_once_key do nothing
      returning id)
    select (${addJobSql(
      jobKind,
      sql`${JSON.stringify(email.payload)}::jsonb || jsonb_build_object('notificationId', created.id::text)`,
      { jobKey: sql`'notification:' || created.id::text` },
    )}).id
    from created`);
  return result.rows.length > 0;
}

/** When the notification's mail went out: null while not yet, undefined when there is no such row. */
export async function sentAtOf(db: Queryable, id: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ sentAt: notifications.sentAt })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row ? row.sentAt : undefined;
}

export async function markSent(db: Queryable, id: string): Promise<void> {
  await db
    .update(notifications)
    .set({ sentAt: sql`now()` })
    .where(eq(notifications.id, id));
}

/** Whether that notification exists (`recipient` already normalised). */
export async function notificationExists(db: Queryable, key: NotificationKey): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.type, key.type),
        eq(notifications.documentType, key.documentType),
        eq(notifications.documentId, key.documentId),
        eq(notifications.recipient, key.recipient),
      ),
    );
  return !!row;
}

/** Record a notification without sending anything; true when it was not there before. */
export async function insertNotification(db: Queryable, key: NotificationKey): Promise<boolean> {
  const rows = await db
    .insert(notifications)
    .values({
      type: key.type,
      documentType: key.documentType,
      documentId: key.documentId,
      recipient: key.recipient,
    })
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** The language chosen by the account with this (normalised) address (ADR 0135), or null: none, or no such account. */
export async function languageOfAddress(db: Queryable, recipient: string): Promise<string | null> {
  const rows = await db
    .select({ language: users.language })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${recipient}`, isNull(users.deletedAt)))
    .limit(1);
  return rows[0]?.language ?? null;
}
