import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { RoleName } from '#shared/roles.ts';
import type { Queryable } from '../../src/server/db/client.ts';
import { roles, shops, userRoles, users } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/lib/password.ts';
import type { App } from '../../src/server/lib/types.ts';
import { createSession } from '../../src/server/plugins/auth.ts';

/**
 * Users for tests, written straight to the database (fast, no HTTP). Everything can be overridden;
 * unless told otherwise a user is an active Buyer in India with a unique e-mail.
 */

export const DEFAULT_PASSWORD = 'Password@123';

type UserInsert = typeof users.$inferInsert;
export type UserOverrides = Partial<Omit<UserInsert, 'passwordHash' | 'id'>> & {
  /** Plain password; hashed before insert. */
  password?: string;
  roles?: RoleName[];
  /** Create the user's shop too (sellers). */
  shop?: { shopName: string; shopPicture?: string | null; shopBanner?: string | null };
};

export type TestUser = typeof users.$inferSelect & {
  password: string;
  roles: RoleName[];
  shop: typeof shops.$inferSelect | null;
};

// scrypt is deliberately slow; tests reuse one hash per distinct password.
const hashes = new Map<string, Promise<string>>();
const hashFor = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hashPassword(password)));
  return h;
};

let seq = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${++seq}-${randomBytes(4).toString('hex')}@haat.test`;

export async function createUser(db: Queryable, overrides: UserOverrides = {}): Promise<TestUser> {
  const { password = DEFAULT_PASSWORD, roles: roleNames = ['Buyer'], shop, ...fields } = overrides;
  const passwordHash = await hashFor(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        name: 'Test User',
        phone: '9876543210',
        email: uniqueEmail(),
        address: '12 MG Road',
        country: 'India',
        state: 'Karnataka',
        city: 'Bengaluru',
        currency: 'INR',
        active: true,
        ...fields,
        passwordHash,
      })
      .returning();
    if (!row) throw new Error('createUser: insert returned no row');
    if (roleNames.length > 0) {
      const found = await tx.select().from(roles).where(inArray(roles.name, roleNames));
      if (found.length !== new Set(roleNames).size)
        throw new Error(`createUser: unknown role in ${roleNames.join(', ')}`);
      await tx.insert(userRoles).values(found.map((r) => ({ userId: row.id, roleId: r.id })));
    }
    let shopRow: typeof shops.$inferSelect | null = null;
    if (shop) {
      const [s] = await tx
        .insert(shops)
        .values({ userId: row.id, ...shop })
        .returning();
      shopRow = s ?? null;
    }
    return { ...row, password, roles: roleNames, shop: shopRow };
  });
}

/** Sign in through the API; returns the bearer token. Throws with the answer when sign-in fails. */
export async function signIn(app: App, email: string, password: string = DEFAULT_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`signIn(${email}) failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

/** A user and a session of theirs: the cast of most API tests. */
export type Who = { user: TestUser; token: string };

/** A user (with `overrides`) and a session token for them. */
export async function createWho(db: Queryable, overrides: UserOverrides = {}): Promise<Who> {
  const user = await createUser(db, overrides);
  return { user, token: await sessionToken(db, user.id) };
}

/** A session made directly in the database (no HTTP, no password check): for tests that only need a token. */
export async function sessionToken(db: Queryable, userId: string): Promise<string> {
  return (await createSession(db, userId)).token;
}

export const authHeader = (token: string) => ({ authorization: `Bearer ${token}` });
