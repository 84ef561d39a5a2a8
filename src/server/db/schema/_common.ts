import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Primary key: a UUID made by PostgreSQL, exposed on the wire as `_id`. */
export const id = () => uuid().primaryKey().defaultRandom();

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Money is NUMERIC, read as a string by node-postgres so no binary float ever touches it.
 * Arithmetic happens in integer minor units in `#shared/money.ts`.
 */
export const money = () => numeric({ precision: 14, scale: 2 });
/** A percentage such as a GST rate or a category markup (0–100, two decimals). */
export const percent = () => numeric({ precision: 5, scale: 2 });
