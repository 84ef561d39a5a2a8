import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_MSG, SIGNED_LINK_TTL_MS } from '#shared/accounts.ts';
import { signedUrlResponse } from '#shared/schemas/seller.ts';
import { users } from '../../src/server/db/schema/index.ts';
import {
  linkQuery,
  signLink,
  SIGNED_FILE_PATH,
  verifyLink,
} from '../../src/server/modules/kyc/signed-link.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';

/**
 * KYC privacy (issue 7; docs/product/roles-and-accounts.md): verification documents live in private storage, are never served
 * from a public path, and only Admin and Auditor open them, through a server-signed link that expires
 * within 15 minutes. A tampered or expired link is 403.
 */

let t: TestContext;
let seller: TestUser;
let admin: TestUser;
let auditor: TestUser;
let buyer: TestUser;
let keys: string[];
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);
const PDF = Buffer.from('%PDF-1.7\n% private KYC document\n%%EOF\n');
const tokens = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  // Stored the way the upload endpoint stores them (kyc.test covers the route's rules in accounts-seller).
  seller = await createUser(t.db, { roles: ['Seller-Individual'], active: false });
  keys = [
    `kyc/${seller.id}/11111111-1111-4111-8111-111111111111.png`,
    `kyc/${seller.id}/22222222-2222-4222-8222-222222222222.pdf`,
  ];
  await t.app.storage.put(keys[0]!, PNG, 'image/png', 'private');
  await t.app.storage.put(keys[1]!, PDF, 'application/pdf', 'private');
  await t.db.update(users).set({ verificationDocs: keys }).where(eq(users.id, seller.id));
  admin = await createUser(t.db, { roles: ['Admin'] });
  auditor = await createUser(t.db, { roles: ['Auditor'] });
  buyer = await createUser(t.db, { roles: ['Buyer'] });
  for (const u of [seller, admin, auditor, buyer]) tokens.set(u.id, await sessionToken(t.db, u.id));
});
afterAll(async () => {
  await t?.close();
});

const as = (u: TestUser) => authHeader(tokens.get(u.id) ?? '');
const secret = () => t.config.appSecret!;
const sign = (user: TestUser | null, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/upload/generate-presigned-url',
    headers: user ? as(user) : {},
    payload,
  });
/** GET a link (absolute or a path) through the app. */
const fetchLink = (url: string) => t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') });

describe('KYC files are not reachable by their storage path', () => {
  it.each([
    (k: string) => `/uploads/${k}`,
    (k: string) => `/uploads/private/${k}`,
    (k: string) => `/uploads/../private/${k}`,
    (k: string) => `/uploads/%2e%2e/private/${k}`,
    (k: string) => `/private/${k}`,
    (k: string) => `/${k}`,
    (k: string) => `/api/upload/${k}`,
  ])('GET %s → no file (404, or the web app for a client route)', async (pathOf) => {
    for (const key of keys) {
      const res = await t.app.inject({ method: 'GET', url: pathOf(key) });
      if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/^text\/html/);
      else expect(res.statusCode).toBe(404);
      expect(res.rawPayload.includes(PNG)).toBe(false);
      expect(res.body).not.toContain('private KYC document');
    }
  });

  it('the wire never carries storage keys: the users table shows Document n', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('kyc/');
    const row = (res.json() as { users: { _id: string; verificationDocs: string[] }[] }).users.find(
      (u) => u._id === seller.id,
    );
    expect(row?.verificationDocs).toEqual(['Document 1', 'Document 2']);
  });
});

describe('POST /api/upload/generate-presigned-url', () => {
  it('Admin and Auditor only: signed out 401; buyer 403; the seller themselves 403', async () => {
    expect((await sign(null, { userId: seller.id, index: 0 })).statusCode).toBe(401);
    expect((await sign(buyer, { userId: seller.id, index: 0 })).statusCode).toBe(403);
    expect((await sign(seller, { userId: seller.id, index: 0 })).statusCode).toBe(403);
    expect((await sign(admin, { userId: seller.id, index: 0 })).statusCode).toBe(200);
    expect((await sign(auditor, { userId: seller.id, index: 1 })).statusCode).toBe(200);
  });

  it('signs a link (≤ 15 minutes) that streams the private file, with no-store caching', async () => {
    const before = Date.now();
    const res = await sign(admin, { userId: seller.id, index: 0 });
    const body = signedUrlResponse.parse(res.json());
    expect(body.url).toContain(SIGNED_FILE_PATH);
    const expiresAt = Date.parse(body.expiresAt);
    expect(expiresAt).toBeGreaterThan(before);
    expect(expiresAt - before).toBeLessThanOrEqual(15 * 60 * 1000);

    const file = await fetchLink(body.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // By key too (docs/product/api.md: bucketName and key); the bucket name is ignored.
    const byKey = await sign(auditor, { key: keys[1], bucketName: 'haat-kyc' });
    const pdf = await fetchLink(signedUrlResponse.parse(byKey.json()).url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.equals(PDF)).toBe(true);
  });

  it('signs only documents on file: unknown position, other keys, unsafe keys → 404', async () => {
    expect((await sign(admin, { userId: seller.id, index: 2 })).statusCode).toBe(404);
    expect((await sign(admin, { userId: buyer.id, index: 0 })).statusCode).toBe(404);
    expect(
      (await sign(admin, { key: `kyc/${seller.id}/33333333-3333-4333-8333-333333333333.png` })).statusCode,
    ).toBe(404);
    expect((await sign(admin, { key: 'products/x/original.webp' })).statusCode).toBe(404);
    expect((await sign(admin, { key: '../secrets.json' })).statusCode).toBe(404);
    expect((await sign(admin, { userId: 'not-a-uuid', index: 0 })).statusCode).toBe(400);
  });
});

describe('GET the signed link', () => {
  const url = (q: string) => `${SIGNED_FILE_PATH}?${q}`;

  it('works until it expires: made 9 minutes ago still opens, 11 minutes ago is 403', async () => {
    const ttl = SIGNED_LINK_TTL_MS;
    expect(ttl).toBeLessThanOrEqual(15 * 60 * 1000);
    const fresh = signLink(secret(), keys[0]!, Date.now() - (ttl - 60_000));
    expect((await fetchLink(url(linkQuery(fresh)))).statusCode).toBe(200);
    const stale = signLink(secret(), keys[0]!, Date.now() - (ttl + 60_000));
    const res = await fetchLink(url(linkQuery(stale)));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SELLER_MSG.linkInvalid);
  });

  it('the same link stops working once its time is up (verified against the clock)', () => {
    const link = signLink(secret(), keys[0]!, 1_000_000_000_000);
    const presented = { key: link.key, expires: String(link.expires), signature: link.signature };
    expect(verifyLink(secret(), presented, 1_000_000_000_000)).toBe(true);
    expect(verifyLink(secret(), presented, link.expiresAt.getTime() - 1)).toBe(true);
    expect(verifyLink(secret(), presented, link.expiresAt.getTime())).toBe(false);
    expect(verifyLink(secret(), presented, link.expiresAt.getTime() + 60_000)).toBe(false);
  });

  it('tampered → 403: another key, a later expiry, a changed or missing signature, another secret', async () => {
    const link = signLink(secret(), keys[0]!);
    const q = (over: Record<string, string>) =>
      new URLSearchParams({
        key: link.key,
        expires: String(link.expires),
        signature: link.signature,
        ...over,
      }).toString();
    expect((await fetchLink(url(q({})))).statusCode).toBe(200);

    const flipped = link.signature.slice(0, -1) + (link.signature.endsWith('0') ? '1' : '0');
    for (const query of [
      q({ key: keys[1]! }),
      q({ expires: String(link.expires + 60) }),
      q({ signature: flipped }),
      q({ signature: '' }),
      q({ signature: link.signature.toUpperCase() }),
      q({ expires: 'soon' }),
      `key=${encodeURIComponent(link.key)}`,
      '',
    ]) {
      const res = await fetchLink(url(query));
      expect(res.statusCode, query).toBe(403);
      expect(res.rawPayload.includes(PNG)).toBe(false);
    }

    const foreign = signLink('another-secret-another-secret-another-1', keys[0]!);
    expect((await fetchLink(url(linkQuery(foreign)))).statusCode).toBe(403);

    // Signed with the real secret but claiming to last a day: longer than links are ever made for.
    const forever = signLink(secret(), keys[0]!, Date.now(), 24 * 60 * 60 * 1000);
    expect((await fetchLink(url(linkQuery(forever)))).statusCode).toBe(403);
  });

  it('a document removed since the link was made is gone (404)', async () => {
    const other = await createUser(t.db, { roles: ['Seller-Company'], active: false });
    const key = `kyc/${other.id}/44444444-4444-4444-8444-444444444444.png`;
    await t.app.storage.put(key, PNG, 'image/png', 'private');
    await t.db
      .update(users)
      .set({ verificationDocs: [key] })
      .where(eq(users.id, other.id));
    const signed = signedUrlResponse.parse((await sign(admin, { userId: other.id, index: 0 })).json());
    await t.app.storage.delete(key);
    expect((await fetchLink(signed.url)).statusCode).toBe(404);
  });
});
