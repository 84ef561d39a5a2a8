import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken } from '../factories/users.ts';

/**
 * With S3 configured, Admin and Auditor get a REAL presigned S3 URL for a KYC document (issue 7,
 * docs/product/roles-and-accounts.md), checked against s3rver, an S3 protocol server on loopback: a SigV4 presigned GET of
 * the private object, expiring within 15 minutes, that fetches exactly that file.
 */
describe('KYC links on S3 storage', () => {
  let t: TestContext;
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let adminToken: string;
  let sellerId: string;
  const PDF = Buffer.from('%PDF-1.7\n% private KYC document on S3\n%%EOF\n');

  beforeAll(async () => {
    s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-kyc-s3-'));
    s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'haat', configs: [] }],
    });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      S3_BUCKET: 'haat',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'ap-south-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    const seller = await createUser(t.db, { roles: ['Seller-Company'], active: false });
    sellerId = seller.id;
    const key = `kyc/${seller.id}/33333333-3333-4333-8333-333333333333.pdf`;
    await t.app.storage.put(key, PDF, 'application/pdf', 'private');
    await t.db
      .update(users)
      .set({ verificationDocs: [key] })
      .where(eq(users.id, seller.id));
    const admin = await createUser(t.db, { roles: ['Admin'] });
    adminToken = await sessionToken(t.db, admin.id);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await fs.rm(s3Dir, { recursive: true, force: true });
  });

  it('signs a presigned S3 GET that opens the document and expires within 15 minutes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/generate-presigned-url',
      headers: authHeader(adminToken),
      payload: { userId: sellerId, index: 0 },
    });
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    expect(url.startsWith(`${endpoint}/haat/private/kyc/`)).toBe(true);
    const u = new URL(url);
    expect(u.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(u.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(15 * 60);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(Buffer.from(await ok.arrayBuffer()).equals(PDF)).toBe(true);

    expect(u.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(u.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\//);
    // Signature checking is S3's job; s3rver (the local stand-in) does not check signatures at all, so a
    // tampered link cannot be tested against it. The app-signed links of local storage are (kyc.test.ts).
  });
});
