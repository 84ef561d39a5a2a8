import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantUrl } from '#shared/images.ts';
import { storeProductImage } from '../../src/server/lib/images.ts';
import { isSafeKey, LocalStorage, newKey, S3Storage } from '../../src/server/lib/storage.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

const UNSAFE_KEYS = [
  '',
  '..',
  '../secrets.json',
  'products/../../secrets.json',
  'products/..',
  '/etc/passwd',
  'a//b.png',
  'a/./b.png',
  '.hidden.png',
  'a/.b.png',
  'a\\..\\b.png',
  'a/b.png\0.txt',
  'caf\u00e9.png',
  'a b.png',
  'a/b.png/',
  `${'x'.repeat(600)}.png`,
];

/**
 * The same behaviour on both backends: the local disk (the default) and an S3-compatible bucket
 * (S3_BUCKET set), the latter against s3rver, a real S3 protocol server on loopback.
 */
describe.each(['local', 's3'] as const)('%s storage', (backend) => {
  let t: TestContext;
  let s3: S3rver | undefined;
  let s3Dir: string | undefined;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (backend === 's3') {
      s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-s3-'));
      s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: s3Dir,
        configureBuckets: [{ name: 'haat', configs: [] }],
      });
      const { port } = await s3.run();
      env = {
        S3_BUCKET: 'haat',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_REGION: 'ap-south-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      };
    }
    t = await createTestApp(env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    if (s3Dir) await fs.rm(s3Dir, { recursive: true, force: true });
  });

  it('is the backend the configuration asks for', () => {
    if (backend === 'local') {
      expect(t.app.storage).toBeInstanceOf(LocalStorage);
      expect((t.app.storage as LocalStorage).root).toBe(path.join(t.config.dataDir, 'uploads'));
    } else {
      expect(t.app.storage).toBeInstanceOf(S3Storage);
    }
  });

  it('serves a public file at its public URL, with a long cache lifetime', async () => {
    const data = await png();
    const key = newKey('shops/test', 'png');
    await t.app.storage.put(key, data, 'image/png', 'public');
    const url = t.app.storage.publicUrl(key);
    expect(url).toBe(`/uploads/${key}`);

    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(data)).toBe(true);
    expect(await t.app.storage.get(key)).toMatchObject({ contentType: 'image/png', visibility: 'public' });
  });

  it('serves product image variants at the URLs variantUrl gives', async () => {
    const { url } = await storeProductImage(
      t.app.storage,
      '7d0e4a35-1f6a-4bb4-8f0e-1234567890ab',
      await png(),
    );
    for (const u of [url, variantUrl(url, 'thumbnail'), variantUrl(url, 'medium')]) {
      const res = await t.app.inject({ method: 'GET', url: u });
      expect(res.statusCode, u).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('answers 404 (JSON, not the web app) for a missing upload', async () => {
    for (const url of ['/uploads/products/nothing-original.webp', '/uploads/kyc/x/none.pdf']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
    // The folder itself is no listing.
    expect((await t.app.inject({ method: 'GET', url: '/uploads/' })).statusCode).not.toBe(200);
  });

  it('never serves a private file, by any URL', async () => {
    const secret = Buffer.from('%PDF-1.4\nAadhaar 1234 5678 9012 — private KYC document\n%%EOF\n');
    const key = newKey('kyc/0e1d2c3b-4a59-4687-9a0b-c1d2e3f4a5b6', 'pdf');
    await t.app.storage.put(key, secret, 'application/pdf', 'private');
    // The storage itself returns it (the server hands it out through signed links).
    const got = await t.app.storage.get(key);
    expect(got?.visibility).toBe('private');
    expect(got?.contentType).toBe('application/pdf');
    expect(got?.data.equals(secret)).toBe(true);
    expect(await t.app.storage.get(key, 'public')).toBeNull();

    const attempts = [
      `/uploads/${key}`,
      `/uploads/private/${key}`,
      `/uploads/../private/${key}`,
      `/uploads/%2e%2e/private/${key}`,
      `/uploads/..%2fprivate%2f${key.replaceAll('/', '%2f')}`,
      `/uploads/%2e%2e%2fprivate%2f${key}`,
      `/uploads/..%5cprivate%5c${key}`,
      `/uploads/....//private/${key}`,
      `/private/${key}`,
      `/uploads/public/../private/${key}`,
      `/${key}`,
      `/data/uploads/private/${key}`,
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      // Paths outside /uploads/ may get the web app's index.html (a client route), never the file.
      expect(res.headers['content-type'], url).not.toMatch(/pdf|octet-stream/);
      expect(res.body.includes('private KYC document'), url).toBe(false);
    }
    for (const url of [`/uploads/${key}`, `/uploads/private/${key}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    // An encoded climb out of the folder is refused (403 by the static server, 404 by the S3 route).
    expect([403, 404]).toContain(
      (await t.app.inject({ method: 'GET', url: `/uploads/..%2fprivate%2f${key}` })).statusCode,
    );
  });

  it('moves a file between visibilities instead of keeping both', async () => {
    const data = await png();
    const key = newKey('shops/move', 'png');
    await t.app.storage.put(key, data, 'image/png', 'public');
    await t.app.storage.put(key, data, 'image/png', 'private');
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${key}` })).statusCode).toBe(404);
    expect((await t.app.storage.get(key))?.visibility).toBe('private');
    await t.app.storage.delete(key);
    expect(await t.app.storage.get(key)).toBeNull();
    await t.app.storage.delete(key); // deleting again is fine
  });

  it.each(UNSAFE_KEYS)('refuses the key %j', async (key) => {
    expect(isSafeKey(key)).toBe(false);
    const data = await png();
    await expect(t.app.storage.put(key, data, 'image/png', 'public')).rejects.toMatchObject({
      kind: 'invalid',
    });
    await expect(t.app.storage.get(key)).rejects.toMatchObject({ kind: 'invalid' });
    await expect(t.app.storage.delete(key)).rejects.toMatchObject({ kind: 'invalid' });
    expect(() => t.app.storage.publicUrl(key)).toThrow();
  });

  it('refuses a content type that does not match the key, and unsafe types such as SVG or HTML', async () => {
    const data = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [key, type] of [
      ['x/a.png', 'image/svg+xml'],
      ['x/a.svg', 'image/svg+xml'],
      ['x/a.html', 'text/html'],
    ]) {
      await expect(t.app.storage.put(key as string, data, type as string, 'public')).rejects.toMatchObject({
        kind: 'unsupported_media',
      });
    }
    expect((await t.app.inject({ method: 'GET', url: '/uploads/x/a.svg' })).statusCode).toBe(404);
  });

  it('keeps files where the backend says, and nowhere else on disk', async () => {
    const entries = await fs.readdir(t.config.dataDir);
    if (backend === 'local') {
      expect(entries).toEqual(['uploads']);
      expect((await fs.readdir(path.join(t.config.dataDir, 'uploads'))).sort()).toEqual([
        'private',
        'public',
      ]);
    } else {
      expect(entries).toEqual([]);
    }
  });
});

describe('storage keys', () => {
  it('accepts generated keys', () => {
    expect(isSafeKey('products/7d0e4a35-1f6a-4bb4-8f0e-1234567890ab/5d1c2e3f-original.webp')).toBe(true);
    expect(isSafeKey(newKey('kyc/user-1', 'pdf'))).toBe(true);
  });
});
