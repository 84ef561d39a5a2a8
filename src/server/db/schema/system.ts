import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  date,
} from 'drizzle-orm/pg-core';
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

/** A durable job queue in PostgreSQL, claimed with FOR UPDATE SKIP LOCKED. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text().notNull(),
    payload: jsonb()
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Optional de-duplication key: a second enqueue with the same key is a no-op. */
    dedupeKey: text().unique(),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(8),
    lockedAt: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    doneAt: timestamp({ withTimezone: true }),
    failedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('jobs_ready_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

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
