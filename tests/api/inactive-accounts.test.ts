import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.ts';
import {
  categoryMarkups,
  orders,
  productDiscounts,
  products,
  shops,
  users,
} from '../../src/server/db/schema/index.ts';
import { sandboxSecret } from '../../src/server/modules/payments/providers.ts';
import { paymentSignature } from '../../src/server/modules/payments/razorpay-signature.ts';
import { createCategory, createProduct, type CategoryRow, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import {
  authHeader,
  createUser,
  signIn,
  type TestUser,
  createWho,
  type UserOverrides,
  type Who,
} from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * An inactive account holds no power of any of its roles (docs/decisions/0011-inactive-accounts-hold-no-power.md).
 * Each call is made twice by the same person with the same session: refused (403, "Your account is not
 * active") while the account is inactive, with nothing written, and done once it is active again, so the
 * `active` flag is the only thing that decides.
 */

let t: TestContext;
let category: CategoryRow;
let seller: Who;
let kurta: ProductRow;

const who = (overrides: UserOverrides = {}) => createWho(t.db, overrides);

beforeAll(async () => {
  t = await createTestApp();
  category = await createCategory(t.db, { hsn: '6204', tax: '5' });
  seller = await who({ name: 'Kavya', roles: ['Seller-Company'], shop: { shopName: 'Kavya Textiles' } });
  kurta = await createProduct(t.db, {
    sellerId: seller.user.id,
    name: 'Silk Kurta',
    price: '800',
    countInStock: 1000,
    categoryId: category.id,
  });
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, by?: Who, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: by ? authHeader(by.token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const setActive = async (by: Who, active: boolean) => {
  await t.db.update(users).set({ active }).where(eq(users.id, by.user.id));
};

/**
 * Makes `request` as `by` while inactive (expects the inactive-account 403, then runs `unchanged` to check
 * nothing was written), then again once active (expects `okStatus`). Leaves the account active.
 */
async function onlyWhenActive(
  by: Who,
  request: () => Promise<LightMyRequestResponse>,
  okStatus: number,
  unchanged?: () => Promise<void>,
): Promise<LightMyRequestResponse> {
  await setActive(by, false);
  try {
    const refused = await request();
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ message: MSG.accountInactive, code: 'account_inactive' });
    await unchanged?.();
  } finally {
    await setActive(by, true);
  }
  const done = await request();
  expect(done.statusCode, done.body).toBe(okStatus);
  return done;
}

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const codOrder = (buyer: Who) =>
  placeOrder(t.app, buyer.token, orderBody([{ product: kurta.id }], { paymentMethod: 'CashOnDelivery' }));

describe('an inactive Buyer', () => {
  let buyer: Who;
  beforeAll(async () => {
    buyer = await who({ name: 'Asha' });
  });

  it('places no order', async () => {
    const ordersOf = async () =>
      (await t.db.select().from(orders).where(eq(orders.userId, buyer.user.id))).length;
    const before = await ordersOf();
    const body = orderBody([{ product: kurta.id }], { paymentMethod: 'CashOnDelivery' });
    await onlyWhenActive(
      buyer,
      () => call('POST', '/api/orders', buyer, body),
      201,
      async () => {
        expect(await ordersOf()).toBe(before);
      },
    );
    expect(await ordersOf()).toBe(before + 1);
  });

  it('writes no review', async () => {
    const target = await createProduct(t.db, { sellerId: seller.user.id, categoryId: category.id });
    const reviews = async () =>
      (await t.db.select().from(products).where(eq(products.id, target.id)))[0]!.numReviews;
    await onlyWhenActive(
      buyer,
      () => call('POST', `/api/products/${target.id}/reviews`, buyer, { rating: 5, comment: 'Lovely.' }),
      201,
      async () => expect(await reviews()).toBe(0),
    );
    expect(await reviews()).toBe(1);
  });

  it('pays nothing: no RazorPay or PayPal order is made and no payment is confirmed', async () => {
    const order = await placeOrder(t.app, buyer.token, orderBody([{ product: kurta.id }]));
    await onlyWhenActive(buyer, () => call('POST', `/api/orders/${order._id}/PayPal/create`, buyer), 200);
    const created = await onlyWhenActive(
      buyer,
      () => call('POST', '/api/orders/RazorPay', buyer, { orderId: order._id }),
      200,
    );
    const rzOrderId = (created.json() as { razor_order_id: string }).razor_order_id;
    const paymentId = 'pay_Tinactive01';
    const signed = {
      razorpay_order_id: rzOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(rzOrderId, paymentId, sandboxSecret(t.config, 'razorpay-key')),
    };
    await onlyWhenActive(
      buyer,
      () => call('PUT', `/api/orders/${order._id}/RazorPay/pay`, buyer, signed),
      200,
      async () => expect((await orderRow(order._id)).isPaid).toBe(false),
    );
    expect((await orderRow(order._id)).isPaid).toBe(true);
  });
});

describe('an inactive Seller', () => {
  const shirt = () => ({
    name: 'Handloom Cotton Shirt',
    price: 1299.5,
    currency: 'INR',
    brand: 'Kavya',
    countInStock: 12,
    categoryId: category.id,
    sizes: ['M'],
    description: 'Soft handloom cotton.',
    image: [],
  });
  const image = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 90, b: 30 } } })
      .png()
      .toBuffer();
  async function multipart(fields: Record<string, string>, file: Buffer) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('images', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'photo.png');
    const res = new Response(form);
    return {
      payload: Buffer.from(await res.arrayBuffer()),
      headers: { 'content-type': res.headers.get('content-type') ?? '' },
    };
  }
  const upload = async (url: string, fields: Record<string, string>) => {
    const body = await multipart(fields, await image());
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...authHeader(seller.token) },
    });
  };
  const productsOf = async () =>
    (await t.db.select().from(products).where(eq(products.userId, seller.user.id))).length;

  it('creates no product', async () => {
    const before = await productsOf();
    await onlyWhenActive(
      seller,
      () => call('POST', '/api/products', seller, shirt()),
      201,
      async () => {
        expect(await productsOf()).toBe(before);
      },
    );
  });

  it('updates no product and sets no discount', async () => {
    const product = (await call('POST', '/api/products', seller, shirt())).json() as { _id: string };
    // An update needs an image; put one in storage as POST /api/upload/product would.
    const key = `products/${product._id}/${randomUUID()}-original.webp`;
    await t.app.storage.put(key, Buffer.from('RIFF0000WEBP'), 'image/webp', 'public');
    const image = [t.app.storage.publicUrl(key)];
    const stock = async () =>
      (await t.db.select().from(products).where(eq(products.id, product._id)))[0]!.countInStock;
    await onlyWhenActive(
      seller,
      () => call('PUT', `/api/products/${product._id}`, seller, { ...shirt(), image, countInStock: 99 }),
      200,
      async () => expect(await stock()).toBe(12),
    );
    expect(await stock()).toBe(99);
    const discount = {
      discount_value: 10,
      discount_unit: 'percentage',
      valid_until: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      coupon_code: '',
      activate: true,
    };
    await onlyWhenActive(
      seller,
      () => call('PUT', `/api/product-discounts/${product._id}`, seller, discount),
      200,
      async () =>
        expect(
          await t.db.select().from(productDiscounts).where(eq(productDiscounts.productId, product._id)),
        ).toEqual([]),
    );
  });

  it('uploads no product image and no shop picture', async () => {
    const product = (await call('POST', '/api/products', seller, shirt())).json() as { _id: string };
    await onlyWhenActive(seller, () => upload('/api/upload/product', { productId: product._id }), 200);
    await onlyWhenActive(seller, () => upload('/api/upload/shop-picture', {}), 200);
  });

  it('lists no order lines, and sees no order through its lines', async () => {
    const buyer = await who({ name: 'Bina' });
    const order = await codOrder(buyer);
    await setActive(seller, false);
    expect((await call('GET', `/api/orders/${order._id}`, seller)).statusCode).toBe(404);
    await setActive(seller, true);
    expect((await call('GET', `/api/orders/${order._id}`, seller)).statusCode).toBe(200);
    const lines = await onlyWhenActive(
      seller,
      () => call('GET', `/api/orders/seller/${seller.user.id}`, seller),
      200,
    );
    expect((lines.json() as { orderLines: unknown[] }).orderLines.length).toBeGreaterThan(0);
  });

  it('changes no shop settings through the profile, but still edits the rest of it', async () => {
    await setActive(seller, false);
    const res = await call('PUT', '/api/users/profile', seller, {
      name: 'Kavya R',
      phone: '98765', // a seller's 5–15 digits still hold while under review
      email: seller.user.email,
      address: '7 Residency Road',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
      shopName: 'Renamed While Inactive',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Kavya R', active: false, role: ['Seller-Company'] });
    const [shop] = await t.db.select().from(shops).where(eq(shops.userId, seller.user.id));
    expect(shop?.shopName).toBe('Kavya Textiles');
    await setActive(seller, true);
  });
});

describe('an inactive Distributor', () => {
  let distributor: Who;
  let buyer: Who;
  beforeAll(async () => {
    distributor = await who({ name: 'Dev', roles: ['Distributor'] });
    buyer = await who({ name: 'Chitra' });
  });

  it('lists no orders and reads no one else’s order', async () => {
    const order = await codOrder(buyer);
    const list = await onlyWhenActive(distributor, () => call('GET', '/api/orders', distributor), 200);
    expect(JSON.stringify(list.json())).toContain(order._id);
    await setActive(distributor, false);
    expect((await call('GET', `/api/orders/${order._id}`, distributor)).statusCode).toBe(404);
    await setActive(distributor, true);
    expect((await call('GET', `/api/orders/${order._id}`, distributor)).statusCode).toBe(200);
  });

  it('marks no cash on delivery order paid and none delivered', async () => {
    const order = await codOrder(buyer);
    await onlyWhenActive(
      distributor,
      () => call('PUT', `/api/orders/${order._id}/CashOnDelivery/pay`, distributor),
      200,
      async () => expect((await orderRow(order._id)).isPaid).toBe(false),
    );
    await onlyWhenActive(
      distributor,
      () => call('PUT', `/api/orders/${order._id}/deliver`, distributor),
      200,
      async () => expect((await orderRow(order._id)).isDelivered).toBe(false),
    );
    expect(await orderRow(order._id)).toMatchObject({ isPaid: true, isDelivered: true });
  });
});

describe('an inactive Auditor', () => {
  let auditor: Who;
  let pending: TestUser;
  beforeAll(async () => {
    auditor = await who({ name: 'Audrey', roles: ['Auditor'] });
    pending = await createUser(t.db, {
      roles: ['Seller-Individual'],
      active: false,
      bankAccount: '123456789012',
    });
    const key = `kyc/${pending.id}/11111111-1111-4111-8111-111111111111.pdf`;
    await t.app.storage.put(key, Buffer.from('%PDF-1.7\n%%EOF\n'), 'application/pdf', 'private');
    await t.db
      .update(users)
      .set({ verificationDocs: [key] })
      .where(eq(users.id, pending.id));
  });

  it('lists no users and reads no one else’s bank and identity numbers', async () => {
    await onlyWhenActive(auditor, () => call('GET', '/api/users', auditor), 200);
    await setActive(auditor, false);
    const other = await call('GET', `/api/users/${pending.id}`, auditor);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('123456789012');
    await setActive(auditor, true);
    expect((await call('GET', `/api/users/${pending.id}`, auditor)).json()).toMatchObject({
      bank_account: '123456789012',
    });
  });

  it('gets no KYC link', async () => {
    await onlyWhenActive(
      auditor,
      () => call('POST', '/api/upload/generate-presigned-url', auditor, { userId: pending.id, index: 0 }),
      200,
    );
  });
});

describe('an inactive Admin', () => {
  let admin: Who;
  beforeAll(async () => {
    admin = await who({ name: 'Root', roles: ['Admin'] });
  });

  it('reads no user list, admin product list, pending payments or orders', async () => {
    for (const url of [
      '/api/users',
      '/api/products/admin/productlist',
      '/api/payments/pending-seller-payments',
      '/api/orders',
    ])
      await onlyWhenActive(admin, () => call('GET', url, admin), 200);
  });

  it('changes no user and no category markup', async () => {
    const [markup] = await t.db
      .insert(categoryMarkups)
      .values({ uniqueCategoryName: 'Inactive Test Category', percentageMarkup: '15.00' })
      .returning();
    const percentage = async () =>
      (await t.db.select().from(categoryMarkups).where(eq(categoryMarkups.id, markup!.id)))[0]!
        .percentageMarkup;
    await onlyWhenActive(
      admin,
      () => call('PUT', `/api/category/categories-markup/${markup!.id}`, admin, { percentageMarkup: 12 }),
      200,
      async () => expect(await percentage()).toBe('15.00'),
    );
    expect(await percentage()).toBe('12.00');

    const victim = await who({ name: 'Victim' });
    await onlyWhenActive(
      admin,
      () => call('DELETE', `/api/users/${victim.user.id}`, admin),
      200,
      async () => expect(await t.db.select().from(users).where(eq(users.id, victim.user.id))).toHaveLength(1),
    );
  });
});

describe('an inactive account keeps', () => {
  it('signing in, its own profile and its own past orders, and signing out', async () => {
    const buyer = await who({ name: 'Dina' });
    const order = await codOrder(buyer);
    await setActive(buyer, false);

    const token = await signIn(t.app, buyer.user.email);
    const me = { user: buyer.user, token };
    expect((await call('GET', '/api/users/profile', me)).json()).toMatchObject({
      name: 'Dina',
      active: false,
    });
    const edited = await call('PUT', '/api/users/profile', me, {
      name: 'Dina K',
      phone: '9123456780',
      email: buyer.user.email,
      address: '7 Residency Road',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Dina K', role: ['Buyer'], active: false });

    const mine = await call('GET', '/api/orders/myorders', me);
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as { _id: string }[]).map((o) => o._id)).toContain(order._id);
    expect((await call('GET', `/api/orders/${order._id}`, me)).json()).toMatchObject({ _id: order._id });

    expect((await call('POST', '/api/users/logout', me)).statusCode).toBe(200);
  });
});
