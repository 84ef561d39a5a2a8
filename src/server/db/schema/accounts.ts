import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './_common.ts';

/** Buyer, Seller-Individual, Seller-Company, Admin, Auditor, Distributor (docs/product/api.md#resources). */
export const roles = pgTable('roles', {
  id: id(),
  name: text().notNull().unique(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text().notNull(),
    phone: text().notNull().default(''),
    email: text().notNull(),
    passwordHash: text().notNull(),
    currency: text().notNull().default('INR'),
    /** The language chosen in the header's switch (a catalogue code, ADR 0135); null until one is chosen. */
    language: text(),
    active: boolean().notNull().default(true),
    businessRegistrationCode: text(),
    bankAccount: text(),
    address: text().notNull().default(''),
    country: text().notNull().default('India'),
    state: text().notNull().default(''),
    city: text().notNull().default(''),
    postalCode: text(),
    identifyProof: text(),
    identifyProofNumber: text(),
    /** Storage keys of private KYC files; never public URLs (docs/product/roles-and-accounts.md). */
    verificationDocs: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Set when the user was deleted but had orders: the row stays, anonymised. */
    deletedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid()
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** Server-side sessions: only a SHA-256 hash of the random token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use password reset tokens, stored hashed, valid one hour (docs/product/roles-and-accounts.md). */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** A seller's shop (docs/product/api.md#resources Shop). One per seller; names are unique case-insensitively. */
export const shops = pgTable(
  'shops',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopName: text().notNull(),
    shopPicture: text(),
    shopBanner: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shops_name_lower_key').on(sql`lower(${t.shopName})`),
    check('shops_name_not_blank', sql`length(trim(${t.shopName})) > 0`),
  ],
);
