import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SELLER_MSG } from '#shared/accounts.ts';
import { MAX_UPLOAD_REQUEST_BYTES } from '#shared/schemas/product-form.ts';
import { productSchema, type Product } from '#shared/schemas/product.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { decodeSlots, IMAGE_LIMITS, IMAGE_MSG } from '../../src/server/lib/images.ts';
import { UPLOAD_MSG } from '../../src/server/modules/uploads/uploads.service.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createCategory, type CategoryRow } from '../factories/catalog.ts';

/**
 * Upload limits (docs/decisions/0010-abuse-limits.md): a declared image size over the pixel limit is
 * refused from its header, before decoding; a request's bytes are counted as they arrive and refused past
 * the limit without reading the rest; a KYC file beyond the account's five is refused before it is read;
 * and memory comes back after a storm of large images (measured and logged).
 */

let t: TestContext;
let seller: TestUser;
let category: CategoryRow;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Limit Looms' } });
  headers = authHeader(await sessionToken(t.db, seller.id));
  category = await createCategory(t.db, { category: 'Fashion & Accessories', subCategory: 'Women Clothes' });
});
afterAll(async () => {
  await t?.close();
});

type Part = { name: string; value: string } | { name: string; data: Buffer; filename: string; type: string };

/** A multipart body as a browser's FormData would send it. */
async function multipart(parts: Part[]): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const p of parts) {
    if ('value' in p) form.append(p.name, p.value);
    else form.append(p.name, new Blob([new Uint8Array(p.data)], { type: p.type }), p.filename);
  }
  const res = new Response(form);
  return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? '' };
}

/**
 * Send a body as a stream (chunked, no Content-Length) that delivers only its first `sendBytes` bytes and
 * then stalls without ending, as a slow or hostile client might. An answer can only come if the server
 * decided without the rest: a server that waited to read everything would never answer.
 */
async function stalled(
  url: string,
  auth: Record<string, string>,
  parts: Part[],
  stallAt: (body: Buffer) => number,
) {
  const { body, contentType } = await multipart(parts);
  const sendBytes = stallAt(body);
  expect(sendBytes).toBeLessThan(body.length);
  let sent = 0;
  const stream = new Readable({
    read() {
      if (sent >= sendBytes) return; // stall: never more, never the end
      const next = body.subarray(sent, Math.min(sent + 64 * 1024, sendBytes));
      sent += next.length;
      this.push(next);
    },
  });
  try {
    return await t.app.inject({
      method: 'POST',
      url,
      payload: stream,
      headers: { ...auth, 'content-type': contentType, 'transfer-encoding': 'chunked' },
    });
  } finally {
    stream.destroy();
  }
}

/** Where the content of the file named `filename` starts in a multipart body. */
const fileStart = (body: Buffer, filename: string) =>
  body.indexOf('\r\n\r\n', body.indexOf(`filename="${filename}"`)) + 4;

async function newProduct(): Promise<Product> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/products',
    headers,
    payload: {
      name: 'Large Print Saree',
      price: 1299,
      currency: 'INR',
      brand: 'Limit Looms',
      countInStock: 5,
      categoryId: category.id,
      sizes: ['M', 'L'],
      description: 'Big pictures.',
      image: [],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return productSchema.parse(res.json());
}

const pngFile = (data: Buffer, i = 0): Part => ({
  name: 'files',
  data,
  filename: `photo-${i}.png`,
  type: 'image/png',
});

// PNG chunks by hand, to declare a canvas far larger than the file.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A valid one-bit greyscale PNG of width × height, all black: a few KB on disk. */
function bombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter 0, zero pixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('image pixel limit', () => {
  it('a PNG declaring 20 000 × 20 000 pixels is refused (413) from its header, not decoded', async () => {
    const bomb = bombPng(20_000, 20_000);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([20_000, 20_000, 'png']);
    expect(bomb.length).toBeLessThan(200_000);
    const product = await newProduct();
    const { body, contentType } = await multipart([{ name: 'productId', value: product._id }, pngFile(bomb)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload/product',
      payload: body,
      headers: { ...headers, 'content-type': contentType },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: IMAGE_MSG.tooManyPixels, code: 'image_too_many_pixels' });

    // The shop picture goes through the same check.
    const shop = await multipart([pngFile(bomb)]);
    const picture = await t.app.inject({
      method: 'POST',
      url: '/api/upload/shop-picture',
      payload: shop.body,
      headers: { ...headers, 'content-type': shop.contentType },
    });
    expect(picture.statusCode).toBe(413);
    expect(picture.json().message).toBe(IMAGE_MSG.tooManyPixels);
  });
});

describe('bytes per request', () => {
  it(`images over ${MAX_UPLOAD_REQUEST_BYTES / 1024 / 1024} MB in one request: refused while streaming, the rest unread`, async () => {
    const product = await newProduct();
    const png = await sharp({
      create: { width: 16, height: 16, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    // Five files of 4.5 MB each: each is under 5 MB, together over the limit.
    const fat = Buffer.concat([png, randomBytes(4.5 * 1024 * 1024)]);
    const parts = [{ name: 'productId', value: product._id }, ...[0, 1, 2, 3, 4].map((i) => pngFile(fat, i))];
    // The body stalls 1 MB past the limit: the answer comes from counting, not from the body's end.
    const res = await stalled(
      '/api/upload/product',
      headers,
      parts,
      () => MAX_UPLOAD_REQUEST_BYTES + 1024 * 1024,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: UPLOAD_MSG.requestTooLarge });

    // Declared up front, it is refused before anything is read.
    const { body, contentType } = await multipart(parts);
    const declared = await t.app.inject({
      method: 'POST',
      url: '/api/upload/product',
      payload: body,
      headers: { ...headers, 'content-type': contentType },
    });
    expect(declared.statusCode).toBe(413);
    expect(declared.json().message).toBe(UPLOAD_MSG.requestTooLarge);
  });
});

describe('KYC documents', () => {
  const PDF = Buffer.from('%PDF-1.7\n% identity document\n%%EOF\n');
  const doc = (data: Buffer, i: number): Part => ({
    name: 'verificationDocs',
    data,
    filename: `doc-${i}.pdf`,
    type: 'application/pdf',
  });

  it('a file beyond the five is refused before it is read', { timeout: 20_000 }, async () => {
    const pending = await createUser(t.db, { roles: ['Seller-Individual'], active: false });
    const auth = authHeader(await sessionToken(t.db, pending.id));
    const onFile = [1, 2, 3].map((i) => `kyc/${pending.id}/0000000${i}-0000-4000-8000-000000000000.pdf`);
    await t.db.update(users).set({ verificationDocs: onFile }).where(eq(users.id, pending.id));

    // Three on file, three sent: the third (8 MB) would be the sixth.
    const big = Buffer.concat([PDF, Buffer.alloc(8 * 1024 * 1024, 0x20)]);
    // The body stalls 64 KB into the third file: the answer cannot wait for that file.
    const res = await stalled(
      '/api/upload/verification-docs',
      auth,
      [doc(PDF, 1), doc(PDF, 2), doc(big, 3)],
      (body) => fileStart(body, 'doc-3.pdf') + 64 * 1024,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SELLER_MSG.tooManyDocuments);

    // Six in one request from an account with none: the sixth is refused the same way.
    const fresh = await createUser(t.db, { roles: ['Seller-Individual'], active: false });
    const six = await stalled(
      '/api/upload/verification-docs',
      authHeader(await sessionToken(t.db, fresh.id)),
      [0, 1, 2, 3, 4].map((i) => doc(PDF, i)).concat(doc(big, 5)),
      (body) => fileStart(body, 'doc-5.pdf') + 64 * 1024,
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe(SELLER_MSG.tooManyDocuments);
    const [row] = await t.db.select().from(users).where(eq(users.id, fresh.id));
    expect(row?.verificationDocs).toEqual([]);
  });
});

describe('an upload storm', () => {
  // gc() for a fair "after" figure (the test process runs without --expose-gc).
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const rssMb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

  it(
    '4 parallel requests of 8 images of 49 megapixels: decodes wait for a slot, memory stays bounded',
    { timeout: 120_000 },
    async () => {
      const side = 7000; // 49 megapixels
      expect(side * side).toBeLessThanOrEqual(IMAGE_LIMITS.maxPixels);
      const big = await sharp({
        create: { width: side, height: side, channels: 3, background: { r: 180, g: 40, b: 90 } },
      })
        .png()
        .toBuffer();
      const products = await Promise.all([1, 2, 3, 4].map(() => newProduct()));
      const bodies = await Promise.all(
        products.map((p) =>
          multipart([
            { name: 'productId', value: p._id },
            ...Array.from({ length: 8 }, (_, i) => pngFile(big, i)),
          ]),
        ),
      );

      gc();
      const before = rssMb();
      let peak = before;
      let maxActive = 0;
      let maxWaiting = 0;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssMb());
        maxActive = Math.max(maxActive, decodeSlots.load.active);
        maxWaiting = Math.max(maxWaiting, decodeSlots.load.waiting);
      }, 20);
      const answers = await Promise.all(
        bodies.map(({ body, contentType }) =>
          t.app.inject({
            method: 'POST',
            url: '/api/upload/product',
            payload: body,
            headers: { ...headers, 'content-type': contentType },
          }),
        ),
      );
      clearInterval(sampler);
      for (const res of answers) {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toHaveLength(8);
      }
      gc();
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      const after = rssMb();
      console.info(
        `upload storm (4 × 8 PNGs of ${side}×${side}): RSS before ${before} MB, peak ${peak} MB, after gc ${after} MB; decode slots: at most ${maxActive} active, ${maxWaiting} waiting`,
      );
      expect(maxActive).toBeLessThanOrEqual(IMAGE_LIMITS.decodeSlots);
      expect(maxWaiting).toBeGreaterThan(0);
      // Generous bounds (the same storm used to take 1 GB and keep 840 MB): decoded pixels are not kept by a
      // cache; what remains is what the C allocator holds on to for reuse.
      expect(peak - before).toBeLessThan(1024);
      expect(after - before).toBeLessThan(512);
    },
  );
});
