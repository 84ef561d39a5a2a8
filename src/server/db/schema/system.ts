import { index, integer, jsonb, pgTable, text, timestamp, unique, uuid, date } from 'drizzle-orm/pg-core';
import { createdAt, id } from './_common.ts';

/**
 * One row per e-mail that was (or is being) sent. The unique key is what guarantees "at most once"
 * (docs/product/payments.md): an insert that conflicts means somebody already sent it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    type: text().notNull(),
    documentType: text().notNull(),
    documentId: text().notNull(),
    recipient: text().notNull(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique('notifications_once_key').on(t.type, t.documentType, t.documentId, t.recipient)],
);

/**
 * The dedupe keys of queued jobs (src/server/jobs/queue.ts, ADR 0125). The queue itself is graphile-worker's
 * (schema `graphile_worker`), which forgets a job's key when the job is done; a key here is kept for good,
 * so a second enqueue with the same key is a no-op whether or not the first job has run.
 */
export const jobKeys = pgTable('job_keys', {
  key: text().primaryKey(),
  createdAt: createdAt(),
});

/** Cached exchange-rate tables per base currency (docs/product/currency-and-places.md). */
export const currencyRates = pgTable('currency_rates', {
  code: text().primaryKey(),
  date: date().notNull(),
  rates: jsonb().$type<Record<string, number>>().notNull(),
  source: text().notNull(),
  fetchedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Which uploaded file belongs to whom; used to keep KYC files private and to clean up. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    ownerId: uuid(),
    kind: text().notNull(),
    storageKey: text().notNull().unique(),
    contentType: text().notNull(),
    size: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_owner_idx').on(t.ownerId)],
);
