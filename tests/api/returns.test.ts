import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { variantUrl } from '#shared/images.ts';
import {
  notifications,
  orderEvents,
  orderItems,
  productVariants,
  refunds,
  returnRequests,
  sellerPayments,
  shipments,
} from '../../src/server/db/schema/index.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { markOrderPaid } from '../../src/server/modules/orders/orders.service.ts';
import { sandboxSecret } from '../../src/server/modules/payments/providers.ts';
import { paymentSignature } from '../../src/server/modules/payments/razorpay-signature.ts';
import {
  courierPickupJob,
  exchangeLineOfShipment,
  returnsOfOrder,
} from '../../src/server/modules/returns/returns.service.ts';
import { SESSION_COOKIE } from '../../src/server/plugins/auth.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createWho, type UserOverrides, type Who } from '../factories/users.ts';
import { allMails } from '../factories/mails.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Returns and exchanges (docs/decisions/0112-returns-and-exchanges.md): the 7-day window, units left per
 * line, photos or one video owned by the buyer, an exchange's size reserved at request time and released on
 * reject or withdraw, who may approve, reject and receive (and whose), receipt restocking and refunding
 * (online and cash on delivery) or shipping the new size, illegal moves, and each mail once.
 */

let t: TestContext;
let buyer: Who;
let otherBuyer: Who;
let sellerA: Who;
let sellerB: Who;
let admin: Who;

const who = (overrides: UserOverrides = {}) => createWho(t.db, overrides);

beforeAll(async () => {
  t = await createTestApp();
  buyer = await who({ name: 'Asha' });
  otherBuyer = await who({ name: 'Bina' });
  sellerA = await who({ name: 'Arun', roles: ['Seller-Company'], shop: { shopName: 'Return Shop A' } });
  sellerB = await who({ name: 'Bala', roles: ['Seller-Company'], shop: { shopName: 'Return Shop B' } });
  admin = await who({ roles: ['Admin'] });
});
afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  by: Who | null,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: by ? authHeader(by.token) : {}, ...(payload ? { payload } : {}) });
const move = (id: string, step: string, by: Who | null, payload?: Record<string, unknown>) =>
  call('PUT', `/api/returns/${id}/${step}`, by, payload);
const ask = (orderId: string, by: Who, body: Record<string, unknown>) =>
  call('POST', `/api/orders/${orderId}/returns`, by, body);

async function payWithRazorPay(orderId: string, by: Who = buyer) {
  const created = await call('POST', '/api/orders/RazorPay', by, { orderId });
  expect(created.statusCode, created.body).toBe(200);
  const rzOrderId = created.json().razor_order_id as string;
  const paymentId = `pay_R${Math.random().toString(36).slice(2, 12)}`;
  const paid = await call('PUT', `/api/orders/${orderId}/RazorPay/pay`, by, {
    razorpay_order_id: rzOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(rzOrderId, paymentId, sandboxSecret(t.config, 'razorpay-key')),
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

/** The seller does not mark its parcel delivered (ADR 0109): the courier does. */
const COURIER = { id: null, role: 'courier' as const };

async function advance(shipmentId: string, seller: Who, to: ShipmentState) {
  const path: ShipmentState[] = ['accepted', 'packed', 'shipped', 'delivered'];
  for (const step of path.slice(0, path.indexOf(to) + 1)) {
    await t.db.transaction((tx) =>
      moveShipment(tx, {
        shipmentId,
        to: step,
        actor: step === 'delivered' ? COURIER : { id: seller.user.id, role: 'seller' },
        ...(step === 'shipped' ? { set: { courier: 'Delhivery', trackingNumber: '1234567890123' } } : {}),
      }),
    );
  }
}

/** Stock of each variant of a product, by size. */
async function stockBySize(p: ProductRow): Promise<Record<string, number>> {
  const rows = await t.db.select().from(productVariants).where(eq(productVariants.productId, p.id));
  return Object.fromEntries(rows.map((v) => [v.size, v.countInStock]));
}
async function variantOf(p: ProductRow, size: string) {
  const [v] = await t.db
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, p.id), eq(productVariants.size, size)));
  return v!;
}
async function setStock(p: ProductRow, size: string, n: number) {
  await t.db
    .update(productVariants)
    .set({ countInStock: n })
    .where(and(eq(productVariants.productId, p.id), eq(productVariants.size, size)));
}

type Delivered = {
  orderId: string;
  product: ProductRow;
  lineId: string;
  shipmentId: string;
};

/**
 * A delivered order of seller A's product, size M × `qty` (M, L, XL on sale: L with 2 units, XL sold out),
 * paid online or by cash on delivery (paid at the door); `deliver: false` stops at shipped.
 */
async function deliveredOrder(
  opts: {
    pay?: 'RazorPay' | 'CashOnDelivery';
    qty?: number;
    by?: Who;
    deliver?: boolean;
    markPaid?: boolean;
  } = {},
): Promise<Delivered> {
  const { pay = 'RazorPay', qty = 3, by = buyer, deliver = true, markPaid = true } = opts;
  const product = await createProduct(t.db, {
    sellerId: sellerA.user.id,
    sizes: ['M', 'L', 'XL'],
    countInStock: 30,
  });
  await setStock(product, 'L', 2);
  await setStock(product, 'XL', 0);
  const order = await placeOrder(
    t.app,
    by.token,
    orderBody([{ product: product.id, size: 'M', qty }], { paymentMethod: pay }),
  );
  if (pay === 'RazorPay') await payWithRazorPay(order._id, by);
  else if (markPaid) await markOrderPaid(t.db, order._id, { method: 'CashOnDelivery', paymentResult: {} });
  const [s] = await t.db.select().from(shipments).where(eq(shipments.orderId, order._id));
  await advance(s!.id, sellerA, deliver ? 'delivered' : 'shipped');
  const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
  return { orderId: order._id, product, lineId: line!.id, shipmentId: s!.id };
}

const returnBody = (d: Delivered, extra: Record<string, unknown> = {}) => ({
  orderItem: d.lineId,
  qty: 1,
  kind: 'return',
  reason: 'too_small',
  comment: 'Tight at the shoulders',
  ...extra,
});

async function requested(
  d: Delivered,
  extra: Record<string, unknown> = {},
  by: Who = buyer,
): Promise<string> {
  const res = await ask(d.orderId, by, returnBody(d, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json()._id as string;
}

const mailsOf = (returnId: string, type?: string) =>
  t.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.documentType, 'return'),
        eq(notifications.documentId, returnId),
        ...(type ? [eq(notifications.type, type)] : []),
      ),
    );
/** The words of the mails of `type` about request `returnId` (queued or sent). */
const mailTexts = async (returnId: string, type: string) =>
  (await allMails(t.db, t.config.dataDir))
    .filter((p) => p.documentId === returnId && p.type === type)
    .map((p) => `${p.subject}\n${p.text}`);
const requestRow = async (id: string) =>
  (await t.db.select().from(returnRequests).where(eq(returnRequests.id, id)))[0]!;

// Media: real images made by sharp, and a made-up MP4 (an ftyp box and zeros).
const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 10, g: 120, b: 90 } } })
    .png()
    .toBuffer();
const mp4 = (bytes = 4096) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(bytes)]);

async function upload(by: Who, files: { data: Buffer; name: string; type: string }[]) {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const res = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/returns',
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '', ...authHeader(by.token) },
  });
}
async function photos(by: Who, n: number): Promise<string[]> {
  const files = await Promise.all(
    Array.from({ length: n }, async (_, i) => ({ data: await png(), name: `p${i}.png`, type: 'image/png' })),
  );
  const res = await upload(by, files);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().media as { url: string }[]).map((m) => m.url);
}
async function video(by: Who): Promise<string> {
  const res = await upload(by, [{ data: mp4(), name: 'clip.mp4', type: 'video/mp4' }]);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().media).toEqual([{ url: expect.stringMatching(/\.mp4$/), type: 'video' }]);
  return res.json().media[0].url as string;
}

// ---------------------------------------------------------------------------------------------------------

describe('asking for a return', () => {
  it('is open for 7 days after delivery, writes the request, its event and two mails', async () => {
    const d = await deliveredOrder();
    const res = await ask(d.orderId, buyer, returnBody(d));
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      state: 'requested',
      kind: 'return',
      qty: 1,
      reasonLabel: 'Too small',
      actions: ['withdraw'],
    });
    const events = await t.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.subject, 'return'), eq(orderEvents.subjectId, r._id)));
    expect(events.map((e) => [e.toState, e.actorRole])).toEqual([['requested', 'buyer']]);
    const mails = await mailsOf(r._id);
    expect(mails.map((m) => [m.type, m.recipient]).sort()).toEqual(
      [
        ['return_request_received', buyer.user.email.toLowerCase()],
        ['return_requested', sellerA.user.email.toLowerCase()],
      ].sort(),
    );

    // Eight days after delivery: closed.
    await t.db
      .update(shipments)
      .set({ deliveredAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(shipments.id, d.shipmentId));
    const late = await ask(d.orderId, buyer, returnBody(d));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('return_window_closed');
  });

  it('is refused before delivery, to another buyer (404) and for a line of another order', async () => {
    const shipped = await deliveredOrder({ deliver: false });
    const early = await ask(shipped.orderId, buyer, returnBody(shipped));
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('return_window_closed');

    const d = await deliveredOrder();
    expect((await ask(d.orderId, otherBuyer, returnBody(d))).statusCode).toBe(404);
    expect((await ask(d.orderId, buyer, returnBody(d, { orderItem: shipped.lineId }))).statusCode).toBe(404);
    expect((await ask(d.orderId, sellerA, returnBody(d))).statusCode).toBe(404);
  });

  it('takes only the units not already asked back, over several requests', async () => {
    const d = await deliveredOrder({ qty: 3 });
    const first = await requested(d, { qty: 2 });
    const tooMany = await ask(d.orderId, buyer, returnBody(d, { qty: 2 }));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toMatch(/Only 1 unit/);
    await requested(d, { qty: 1 });
    expect((await ask(d.orderId, buyer, returnBody(d))).statusCode).toBe(409);
    // A withdrawn request gives its units back.
    expect((await move(first, 'withdraw', buyer)).json().state).toBe('cancelled');
    await requested(d, { qty: 2 });
    expect((await ask(d.orderId, buyer, returnBody(d, { qty: 4 }))).statusCode).toBe(409);
  });
});

describe('photos and video', () => {
  it('accepts up to 4 photos or one video, each only from the buyer who uploaded it', async () => {
    const d = await deliveredOrder();
    const four = await photos(buyer, 4);
    expect(four.every((u) => u.startsWith(`/uploads/returns/${buyer.user.id}/`))).toBe(true);
    const clip = await video(buyer);
    const id = await requested(d, { media: four });
    expect((await requestRow(id)).media).toEqual(four);
    await requested(d, { media: [clip] });

    // Five photos, a photo with the video, two videos: 400.
    const five = [...four, ...(await photos(buyer, 1))];
    expect((await ask(d.orderId, buyer, returnBody(d, { media: five }))).statusCode).toBe(400);
    expect((await ask(d.orderId, buyer, returnBody(d, { media: [four[0], clip] }))).statusCode).toBe(400);
    const clip2 = await video(buyer);
    expect((await ask(d.orderId, buyer, returnBody(d, { media: [clip, clip2] }))).statusCode).toBe(400);
    // Somebody else's upload, or a URL that is no upload at all: 400.
    const theirs = await photos(otherBuyer, 1);
    expect((await ask(d.orderId, buyer, returnBody(d, { media: theirs }))).statusCode).toBe(400);
    expect(
      (await ask(d.orderId, buyer, returnBody(d, { media: ['/uploads/products/x/0-original.webp'] })))
        .statusCode,
    ).toBe(400);
  });

  it('are private: the upload URLs serve nothing; the buyer, the seller and Admin open them through the request', async () => {
    const d = await deliveredOrder();
    const [photo] = await photos(buyer, 1);
    const clip = await video(buyer);
    // The stored files are not public: neither the upload's URL nor a variant's is served, signed in or not.
    for (const url of [photo!, variantUrl(photo!, 'thumbnail'), clip]) {
      expect((await call('GET', url, null)).statusCode, url).toBe(404);
      expect((await call('GET', url, buyer)).statusCode, url).toBe(404);
    }
    expect(await t.app.storage.get(photo!.slice('/uploads/'.length), 'private')).not.toBeNull();
    expect(await t.app.storage.get(clip.slice('/uploads/'.length), 'public')).toBeNull();

    const id = await requested(d, { media: [photo] });
    const vid = await requested(d, { media: [clip] });
    const seen = (await call('GET', `/api/returns/${id}`, buyer)).json();
    expect(seen.media).toEqual([`/api/returns/${id}/media/0/original.webp`]);
    const clipUrl = (await call('GET', `/api/returns/${vid}`, sellerA)).json().media[0] as string;
    expect(clipUrl).toBe(`/api/returns/${vid}/media/0/video.mp4`);
    // The seller's list and the order page give the same links.
    const listed = (await call('GET', '/api/seller/returns', sellerA)).json().returns as {
      _id: string;
      media: string[];
    }[];
    expect(listed.find((r) => r._id === id)?.media).toEqual(seen.media);

    const photoUrl = seen.media[0] as string;
    for (const viewer of [buyer, sellerA, admin]) {
      const img = await call('GET', photoUrl, viewer);
      expect(img.statusCode, img.body).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
      expect(img.headers['cache-control']).toBe('private, no-store');
      expect(img.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
      const thumb = await call('GET', variantUrl(photoUrl, 'thumbnail'), viewer);
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const movie = await call('GET', clipUrl, viewer);
      expect(movie.statusCode).toBe(200);
      expect(movie.headers['content-type']).toBe('video/mp4');
      expect(movie.rawPayload.equals(mp4())).toBe(true);
    }
    // What a browser's <img> sends: the session cookie, no Authorization header.
    const byCookie = await t.app.inject({
      method: 'GET',
      url: variantUrl(photoUrl, 'thumbnail'),
      cookies: { [SESSION_COOKIE]: sellerA.token },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-type']).toBe('image/webp');
    // Nobody else: signed out 401; another buyer, another seller 404.
    expect((await call('GET', photoUrl, null)).statusCode).toBe(401);
    expect((await call('GET', clipUrl, null)).statusCode).toBe(401);
    for (const stranger of [otherBuyer, sellerB]) {
      expect((await call('GET', photoUrl, stranger)).statusCode).toBe(404);
      expect((await call('GET', variantUrl(photoUrl, 'thumbnail'), stranger)).statusCode).toBe(404);
      expect((await call('GET', clipUrl, stranger)).statusCode).toBe(404);
    }
    // A file the request does not have: 404 (another index, the video's name on a photo, an unknown name).
    expect((await call('GET', `/api/returns/${id}/media/1/original.webp`, buyer)).statusCode).toBe(404);
    expect((await call('GET', `/api/returns/${id}/media/0/video.mp4`, buyer)).statusCode).toBe(404);
    expect((await call('GET', `/api/returns/${id}/media/0/secret.webp`, buyer)).statusCode).toBe(404);
    expect((await call('GET', `/api/returns/${vid}/media/0/video.webm`, buyer)).statusCode).toBe(404);
  });

  it('refuses the upload of five photos, a photo with a video, and what is neither', async () => {
    const img = { data: await png(), name: 'a.png', type: 'image/png' };
    expect((await upload(buyer, [img, img, img, img, img])).statusCode).toBe(400);
    expect((await upload(buyer, [img, { data: mp4(), name: 'v.mp4', type: 'video/mp4' }])).statusCode).toBe(
      400,
    );
    const html = await upload(buyer, [
      { data: Buffer.from('<html></html>'), name: 'v.mp4', type: 'video/mp4' },
    ]);
    expect(html.statusCode).toBe(415);
    const big = await upload(buyer, [{ data: mp4(21 * 1024 * 1024), name: 'v.mp4', type: 'video/mp4' }]);
    expect(big.statusCode).toBe(413);
  });
});

describe('exchanges', () => {
  it('reserve the size wanted at request time and release it on reject and on withdraw', async () => {
    const d = await deliveredOrder();
    const L = await variantOf(d.product, 'L');
    const before = await stockBySize(d.product);
    const id = await requested(d, { kind: 'exchange', reason: 'too_small', exchangeVariant: L.id });
    expect((await stockBySize(d.product)).L).toBe(before.L! - 1);
    const r = (await call('GET', `/api/returns/${id}`, buyer)).json();
    expect(r.exchangeVariant).toMatchObject({ _id: L.id, size: 'L', reserved: true });

    const rejected = await move(id, 'reject', sellerA, { reason: 'Worn and washed' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'rejected', rejectReason: 'Worn and washed' });
    expect((await stockBySize(d.product)).L).toBe(before.L);
    expect(await mailsOf(id, 'return_rejected')).toHaveLength(1);

    const again = await requested(d, { kind: 'exchange', exchangeVariant: L.id, qty: 2 });
    expect((await stockBySize(d.product)).L).toBe(0);
    // Nothing left of L now: another exchange for it is refused, naming the size.
    const soldOut = await ask(d.orderId, buyer, returnBody(d, { kind: 'exchange', exchangeVariant: L.id }));
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('Size L is sold out; ask for a return instead');
    await move(again, 'withdraw', buyer);
    expect((await stockBySize(d.product)).L).toBe(before.L);
    // A withdrawn request releases once: withdrawing again is illegal and changes nothing.
    const twice = await move(again, 'withdraw', buyer);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'illegal_transition', state: 'cancelled' });
    expect((await stockBySize(d.product)).L).toBe(before.L);
  });

  it('must name another size of the same product, in stock', async () => {
    const d = await deliveredOrder();
    const other = await createProduct(t.db, { sellerId: sellerA.user.id, sizes: ['L'], countInStock: 5 });
    const XL = await variantOf(d.product, 'XL');
    const M = await variantOf(d.product, 'M');
    const otherL = await variantOf(other, 'L');
    expect((await ask(d.orderId, buyer, returnBody(d, { kind: 'exchange' }))).statusCode).toBe(400);
    expect(
      (await ask(d.orderId, buyer, returnBody(d, { kind: 'exchange', exchangeVariant: M.id }))).statusCode,
    ).toBe(400);
    expect(
      (await ask(d.orderId, buyer, returnBody(d, { kind: 'exchange', exchangeVariant: otherL.id })))
        .statusCode,
    ).toBe(400);
    const xl = await ask(d.orderId, buyer, returnBody(d, { kind: 'exchange', exchangeVariant: XL.id }));
    expect(xl.statusCode).toBe(409);
    expect(xl.json().message).toBe('Size XL is sold out; ask for a return instead');
  });

  it('on receipt: the returned size back on the shelf, a new exchange shipment for the size wanted', async () => {
    const d = await deliveredOrder();
    const L = await variantOf(d.product, 'L');
    const start = await stockBySize(d.product);
    const id = await requested(d, { kind: 'exchange', exchangeVariant: L.id });
    expect((await move(id, 'approve', sellerA)).statusCode).toBe(200);
    const received = await move(id, 'receive', sellerA);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().state).toBe('exchanged');
    expect(await stockBySize(d.product)).toEqual({ ...start, M: start.M! + 1, L: start.L! - 1 });

    const [ex] = await t.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, d.orderId), eq(shipments.kind, 'exchange')));
    expect(ex).toMatchObject({ returnRequestId: id, sellerId: sellerA.user.id, state: 'placed' });
    const exEvents = await t.db.select().from(orderEvents).where(eq(orderEvents.subjectId, ex!.id));
    expect(exEvents.map((e) => e.toState)).toEqual(['placed']);
    expect(await exchangeLineOfShipment(t.db, ex!.id)).toMatchObject({ size: 'L', sku: L.sku, qty: 1 });
    expect(await exchangeLineOfShipment(t.db, d.shipmentId)).toBeUndefined();
    // No refund, the seller keeps the sale.
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, d.orderId))).toHaveLength(0);
    expect(await mailsOf(id, 'return_exchanged')).toHaveLength(2);
    expect(await mailsOf(id, 'return_received')).toHaveLength(1);
  });
});

describe('deciding', () => {
  it("is the line's seller's or Admin's: the buyer 403, another seller 404", async () => {
    const d = await deliveredOrder();
    const id = await requested(d);
    expect((await move(id, 'approve', buyer)).statusCode).toBe(403);
    expect((await move(id, 'approve', sellerB)).statusCode).toBe(404);
    expect((await call('GET', `/api/returns/${id}`, sellerB)).statusCode).toBe(404);
    expect((await call('GET', `/api/returns/${id}`, otherBuyer)).statusCode).toBe(404);
    expect((await move(id, 'withdraw', sellerA)).statusCode).toBe(403);

    const seen = (await call('GET', `/api/returns/${id}`, sellerA)).json();
    expect(seen.actions).toEqual(['approve', 'reject']);
    const approved = await move(id, 'approve', sellerA);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().state).toBe('approved');
    expect(approved.json().pickupScheduledFor).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(approved.json().actions).toEqual(['picked_up', 'receive']);
    const notices = await t.db.select().from(orderEvents).where(eq(orderEvents.subjectId, id));
    expect(notices.map((e) => e.toState)).toEqual(['requested', 'approved', 'pickup_scheduled']);
    expect(await mailsOf(id, 'return_approved')).toHaveLength(1);

    // Illegal moves answer 409 with the state.
    for (const [step, body] of [
      ['approve', undefined],
      ['reject', { reason: 'Too late now' }],
      ['withdraw', undefined],
    ] as const) {
      const res = await move(id, step, step === 'withdraw' ? buyer : sellerA, body);
      expect(res.statusCode, step).toBe(409);
      expect(res.json()).toMatchObject({ code: 'illegal_transition', state: 'approved' });
    }
    // Admin decides on any seller's request; a reject needs a reason.
    const other = await requested(d);
    expect((await move(other, 'reject', admin, { reason: '' })).statusCode).toBe(400);
    expect((await move(other, 'reject', admin, { reason: 'Outside the policy' })).json().state).toBe(
      'rejected',
    );
  });

  it('the simulated courier picks an approved return up, once', async () => {
    const d = await deliveredOrder();
    const id = await requested(d);
    const job = { id: 1, kind: 'returns.courier_pickup', payload: {}, attempts: 0 } as never;
    await courierPickupJob({ returnRequestId: id }, { db: t.db, job });
    expect((await requestRow(id)).state).toBe('requested'); // not approved yet: left alone
    await move(id, 'approve', sellerA);
    await courierPickupJob({ returnRequestId: id }, { db: t.db, job });
    await courierPickupJob({ returnRequestId: id }, { db: t.db, job });
    expect((await requestRow(id)).state).toBe('picked_up');
    const events = await t.db.select().from(orderEvents).where(eq(orderEvents.subjectId, id));
    expect(events.filter((e) => e.toState === 'picked_up').map((e) => e.actorRole)).toEqual(['courier']);
    // Nothing was queued for the courier under NODE_ENV=test.
    expect((await move(id, 'picked-up', sellerA)).json()).toMatchObject({
      state: 'picked_up',
      code: 'illegal_transition',
    });
  });
});

describe('receiving the goods', () => {
  it('online: stock back, payout share taken back, one refund to the card, refunded; each mail once', async () => {
    const d = await deliveredOrder({ qty: 3 });
    const before = await stockBySize(d.product);
    const id = await requested(d, { qty: 2 });
    expect((await move(id, 'receive', sellerA)).json()).toMatchObject({
      code: 'illegal_transition',
      state: 'requested',
    });
    await move(id, 'approve', sellerA);
    expect((await move(id, 'picked-up', sellerA)).json().state).toBe('picked_up');
    expect((await move(id, 'receive', sellerB)).statusCode).toBe(404);
    expect((await move(id, 'receive', buyer)).statusCode).toBe(403);
    const res = await move(id, 'receive', sellerA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('refunded');
    expect((await stockBySize(d.product)).M).toBe(before.M! + 2);

    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, d.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'RazorPay', returnRequestId: id, state: 'pending' });
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.id, d.lineId));
    const unitTax = Math.round((Number(line!.taxAmount) * 100 * 2) / 3);
    expect(rows[0]!.amountMinor).toBe(Math.round(Number(line!.discountedPrice) * 100) * 2 + unitTax);
    const [sp] = await t.db.select().from(sellerPayments).where(eq(sellerPayments.orderItemId, d.lineId));
    expect(Number(sp!.reversedAmount)).toBeCloseTo((Number(sp!.itemTotalPrice) * 2) / 3, 2);

    const again = await move(id, 'receive', admin);
    expect(again.json()).toMatchObject({ code: 'illegal_transition', state: 'refunded' });
    expect((await stockBySize(d.product)).M).toBe(before.M! + 2);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, d.orderId))).toHaveLength(1);
    expect(await mailsOf(id, 'return_received')).toHaveLength(1);
    expect(await mailsOf(id, 'return_refunded')).toHaveLength(1);
    // The refund is only started at this step: the mail says so and when it is due, not that it is done.
    const [words] = await mailTexts(id, 'return_refunded');
    expect(words).toContain('Refund started');
    expect(words).toContain('We have started a refund of');
    expect(words).toMatch(/due by .+ \(within 7 days\)/);
    expect(words).not.toMatch(/complete/i);
    const states = (await t.db.select().from(orderEvents).where(eq(orderEvents.subjectId, id))).map(
      (e) => e.toState,
    );
    expect(states).toEqual([
      'requested',
      'approved',
      'pickup_scheduled',
      'picked_up',
      'received',
      'refunded',
    ]);
  });

  it('cash on delivery: the account is required, kept from the seller, and the refund waits for Admin with it', async () => {
    const d = await deliveredOrder({ pay: 'CashOnDelivery', qty: 1 });
    const missing = await ask(d.orderId, buyer, returnBody(d));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('refundAccount');
    const badUpi = await ask(
      d.orderId,
      buyer,
      returnBody(d, { refundAccount: { kind: 'upi', upi: 'nope' } }),
    );
    expect(badUpi.statusCode).toBe(400);
    const account = { kind: 'upi', upi: 'asha@okbank' };
    const id = await requested(d, { refundAccount: account });
    expect((await call('GET', `/api/returns/${id}`, buyer)).json().refundAccount).toEqual(account);
    expect((await call('GET', `/api/returns/${id}`, admin)).json().refundAccount).toEqual(account);
    expect((await call('GET', `/api/returns/${id}`, sellerA)).json().refundAccount).toBeNull();
    await move(id, 'approve', admin);
    expect((await move(id, 'receive', admin)).json().state).toBe('refunded');
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, d.orderId));
    expect(row).toMatchObject({
      method: 'CashOnDelivery',
      currency: 'INR',
      refundAccount: account,
      paymentId: null,
    });
  });
});

describe('races', () => {
  it('two requests for the last units at once: one wins, the other is told what is left', async () => {
    const d = await deliveredOrder({ qty: 3 });
    const [a, b] = await Promise.all([
      ask(d.orderId, buyer, returnBody(d, { qty: 2 })),
      ask(d.orderId, buyer, returnBody(d, { qty: 2 })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(returnRequests).where(eq(returnRequests.orderItemId, d.lineId));
    expect(rows.map((r) => r.qty)).toEqual([2]);
  });

  it('two exchanges for the last unit of a size at once: one holds it, stock never goes below zero', async () => {
    const d = await deliveredOrder({ qty: 2 });
    await setStock(d.product, 'L', 1);
    const L = await variantOf(d.product, 'L');
    const body = returnBody(d, { kind: 'exchange', exchangeVariant: L.id });
    const [a, b] = await Promise.all([ask(d.orderId, buyer, body), ask(d.orderId, buyer, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await stockBySize(d.product)).L).toBe(0);
  });

  it('received twice at once (seller and Admin): restocked, refunded and mailed once', async () => {
    const d = await deliveredOrder({ qty: 1 });
    const before = await stockBySize(d.product);
    const id = await requested(d);
    await move(id, 'approve', sellerA);
    const [a, b] = await Promise.all([move(id, 'receive', sellerA), move(id, 'receive', admin)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await stockBySize(d.product)).M).toBe(before.M! + 1);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, d.orderId))).toHaveLength(1);
    expect(await mailsOf(id, 'return_received')).toHaveLength(1);
    expect(await mailsOf(id, 'return_refunded')).toHaveLength(1);
    const [sp] = await t.db.select().from(sellerPayments).where(eq(sellerPayments.orderItemId, d.lineId));
    expect(Number(sp!.reversedAmount)).toBe(Number(sp!.itemTotalPrice));
  });
});

describe('a cash-on-delivery order nobody marked paid', () => {
  it('was paid at the door: the return is refunded by the operator to the account given', async () => {
    const d = await deliveredOrder({ pay: 'CashOnDelivery', qty: 1, markPaid: false });
    const before = await stockBySize(d.product);
    const id = await requested(d, { refundAccount: { kind: 'upi', upi: 'asha@okbank' } });
    await move(id, 'approve', sellerA);
    const res = await move(id, 'receive', sellerA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().state).toBe('refunded');
    expect((await stockBySize(d.product)).M).toBe(before.M! + 1);
    const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, d.orderId));
    expect(rows.map((r) => [r.method, r.state, r.refundAccount])).toEqual([
      ['CashOnDelivery', 'pending', { kind: 'upi', upi: 'asha@okbank' }],
    ]);
  });
});

describe('lists and the order page', () => {
  it('a seller lists its own, Admin all by state and seller; the order page shows each viewer its part', async () => {
    const d = await deliveredOrder();
    const id = await requested(d);
    const mine = await call('GET', '/api/seller/returns', sellerA);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().returns.map((r: { _id: string }) => r._id)).toContain(id);
    const theirs = await call('GET', '/api/seller/returns', sellerB);
    expect(theirs.json().returns.map((r: { _id: string }) => r._id)).not.toContain(id);
    expect((await call('GET', '/api/seller/returns', buyer)).statusCode).toBe(403);
    expect((await call('GET', '/api/returns', sellerA)).statusCode).toBe(403);

    const all = await call('GET', `/api/returns?state=requested&seller=${sellerA.user.id}`, admin);
    expect(all.statusCode, all.body).toBe(200);
    const listed = all.json().returns as { _id: string; state: string; actions: string[] }[];
    expect(listed.every((r) => r.state === 'requested')).toBe(true);
    expect(listed.find((r) => r._id === id)?.actions).toEqual(['approve', 'reject', 'withdraw']);
    const none = await call('GET', `/api/returns?seller=${sellerB.user.id}&state=requested`, admin);
    expect(none.json().returns.map((r: { _id: string }) => r._id)).not.toContain(id);

    const forBuyer = await returnsOfOrder(t.db, d.orderId, { ...buyer.user, active: true });
    expect(forBuyer.map((r) => r._id)).toEqual([id]);
    const forB = await returnsOfOrder(t.db, d.orderId, { ...sellerB.user, active: true });
    expect(forB).toEqual([]);
    const forA = await returnsOfOrder(t.db, d.orderId, { ...sellerA.user, active: true });
    expect(forA.map((r) => r._id)).toEqual([id]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// An exchange parcel that fails (ADR 0112): the buyer gets the money back, the size goes back once
// ---------------------------------------------------------------------------------------------------------

/** A delivered online order of 3 × M, one unit exchanged for L and received: its exchange parcel placed. */
async function exchanged(opts: { pay?: 'RazorPay' | 'CashOnDelivery' } = {}) {
  const d = await deliveredOrder({ qty: 3, ...opts });
  const L = await variantOf(d.product, 'L');
  const id = await requested(d, { kind: 'exchange', exchangeVariant: L.id });
  expect((await move(id, 'approve', sellerA)).statusCode).toBe(200);
  const received = await move(id, 'receive', sellerA);
  expect(received.json().state, received.body).toBe('exchanged');
  const [ex] = await t.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, d.orderId), eq(shipments.kind, 'exchange')));
  return { d, id, ex: ex!, stock: await stockBySize(d.product) };
}

const shipmentCall = (id: string, step: string, by: Who, payload?: Record<string, unknown>) =>
  call('PUT', `/api/shipments/${id}/${step}`, by, payload);

/** What a failed exchange leaves: one refund for the unit sent back, refunded, the size back once. */
async function expectRefundedInstead(x: Awaited<ReturnType<typeof exchanged>>) {
  const rows = await t.db.select().from(refunds).where(eq(refunds.orderId, x.d.orderId));
  expect(rows).toHaveLength(1);
  const [line] = await t.db.select().from(orderItems).where(eq(orderItems.id, x.d.lineId));
  const unitTax = Math.round((Number(line!.taxAmount) * 100) / 3);
  expect(rows[0]).toMatchObject({
    returnRequestId: x.id,
    shipmentId: x.d.shipmentId,
    method: 'RazorPay',
    amountMinor: Math.round(Number(line!.discountedPrice) * 100) + unitTax,
  });
  // Pending until the refund job runs (the helper runs due jobs below, so a second look finds it further).
  expect(['pending', 'processing', 'processed']).toContain(rows[0]!.state);
  expect(await requestRow(x.id)).toMatchObject({ state: 'refunded', exchangeReserved: false });
  // L (set aside at request time, carried by the parcel) is back once; M (sent back) stays on the shelf.
  expect(await stockBySize(x.d.product)).toEqual({ ...x.stock, L: x.stock.L! + 1 });
  const [sp] = await t.db.select().from(sellerPayments).where(eq(sellerPayments.orderItemId, x.d.lineId));
  expect(Number(sp!.reversedAmount)).toBeCloseTo(Number(sp!.itemTotalPrice) / 3, 2);
  const states = (await t.db.select().from(orderEvents).where(eq(orderEvents.subjectId, x.id))).map(
    (e) => e.toState,
  );
  expect(states.slice(-3)).toEqual(['received', 'exchanged', 'refunded']);
  await t.app.jobs.runDue();
  await t.app.jobs.runDue();
  expect(await mailsOf(x.id, 'return_exchange_failed')).toHaveLength(1);
  const [text] = await mailTexts(x.id, 'return_exchange_failed');
  expect(text).toContain('We have started a refund');
  expect(text).toMatch(/due by .+ \(within 7 days\)/);
  // The mail of a refund after receipt was not sent for an exchange.
  expect(await mailsOf(x.id, 'return_refunded')).toHaveLength(0);
}

describe('an exchange parcel that fails', () => {
  it('returned to origin: the buyer is refunded for the unit sent back, the size goes back once', async () => {
    const x = await exchanged();
    await advance(x.ex.id, sellerA, 'shipped');
    const rto = await shipmentCall(x.ex.id, 'return-to-origin', sellerA);
    expect(rto.statusCode, rto.body).toBe(200);
    await expectRefundedInstead(x);
    // Once: a second return to origin is refused and changes nothing.
    const again = await shipmentCall(x.ex.id, 'return-to-origin', admin);
    expect(again.json()).toMatchObject({ code: 'illegal_transition', state: 'returned_to_origin' });
    await expectRefundedInstead(x);
    const view = (await call('GET', `/api/returns/${x.id}`, buyer)).json();
    expect(view.state).toBe('refunded');
  });

  it('cancelled by its seller with a reason: the same; the buyer may not cancel it', async () => {
    const x = await exchanged();
    const byBuyer = await shipmentCall(x.ex.id, 'cancel', buyer, {});
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().message).toMatch(/exchange parcel cannot be cancelled by the buyer/);
    expect((await shipmentCall(x.ex.id, 'cancel', sellerB, { reason: 'out_of_stock' })).statusCode).toBe(404);
    expect((await shipmentCall(x.ex.id, 'cancel', sellerA, {})).statusCode).toBe(400);
    expect((await shipmentCall(x.ex.id, 'cancel', admin, {})).statusCode).toBe(400);
    expect(await requestRow(x.id)).toMatchObject({ state: 'exchanged' });

    const res = await shipmentCall(x.ex.id, 'cancel', sellerA, { reason: 'out_of_stock' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      shipments: [{ _id: x.ex.id, state: 'cancelled', cancelledBy: 'seller', cancelReason: 'Out of stock' }],
      refunds: [{ shipmentId: x.d.shipmentId, state: 'pending', method: 'RazorPay' }],
    });
    await expectRefundedInstead(x);
    const again = await shipmentCall(x.ex.id, 'cancel', admin, { reason: 'other' });
    expect(again.json()).toMatchObject({ code: 'illegal_transition', state: 'cancelled' });
    await expectRefundedInstead(x);
    // The order's own parcel and the order stay as they were.
    const [original] = await t.db.select().from(shipments).where(eq(shipments.id, x.d.shipmentId));
    expect(original!.state).toBe('delivered');
  });

  it('cancelled by Admin: the same', async () => {
    const x = await exchanged();
    const res = await shipmentCall(x.ex.id, 'cancel', admin, { reason: 'cannot_deliver' });
    expect(res.statusCode, res.body).toBe(200);
    await expectRefundedInstead(x);
  });
});

describe('lock order', () => {
  /**
   * A receive and a failing exchange parcel of the same order and product at once. The product row is
   * held by the test until both wait, so they meet at the locks: with receive taking the product before
   * the order row (the old order), one of them died with a deadlock.
   */
  async function receiveBeside(
    shipFirst: boolean,
    fail: (exId: string) => Promise<{ statusCode: number; body: string }>,
  ) {
    const x = await exchanged();
    if (shipFirst) await advance(x.ex.id, sellerA, 'shipped');
    const other = await requested(x.d, { qty: 1 });
    await move(other, 'approve', sellerA);
    const pending = await t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from products where id = ${x.d.product.id} for update`);
      const both = [move(other, 'receive', sellerA), fail(x.ex.id)];
      await new Promise((r) => setTimeout(r, 400));
      return both;
    });
    const [received, failed] = await Promise.all(pending);
    expect(received!.statusCode, received!.body).toBe(200);
    expect(failed!.statusCode, failed!.body).toBe(200);
    expect((await requestRow(other)).state).toBe('refunded');
    expect((await requestRow(x.id)).state).toBe('refunded');
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, x.d.orderId))).toHaveLength(2);
    // M: the unit returned by the second request is back; L: the exchange size back once.
    expect(await stockBySize(x.d.product)).toEqual({ ...x.stock, M: x.stock.M! + 1, L: x.stock.L! + 1 });
  }

  it('a receive and a return to origin of the same order both finish', async () => {
    await receiveBeside(true, (exId) => shipmentCall(exId, 'return-to-origin', sellerA));
  });

  it('a receive and a seller cancel of the same order both finish', async () => {
    await receiveBeside(false, (exId) => shipmentCall(exId, 'cancel', sellerA, { reason: 'out_of_stock' }));
  });
});
