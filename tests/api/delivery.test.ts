import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliveryDate } from '#shared/delivery.ts';
import {
  orders,
  pincodes,
  productVariants,
  sellerDeliveryAreas,
  shipments,
} from '../../src/server/db/schema/index.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { indiaAddress, orderBody, placeOrder, postOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** The delivery promise (docs/decisions/0113-delivery-promise.md): pincodes, zones, seller areas, COD rules. */

let t: TestContext;
let admin: TestUser;
let adminToken: string;
let buyer: TestUser;
let buyerToken: string;
/** Ships from Jaipur (Rajasthan). */
let kavya: TestUser;
let kavyaToken: string;
/** Ships from Kanchipuram (Tamil Nadu). */
let meera: TestUser;
let meeraToken: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { roles: ['Admin'] });
  adminToken = await sessionToken(t.db, admin.id);
  buyer = await createUser(t.db);
  buyerToken = await sessionToken(t.db, buyer.id);
  kavya = await createUser(t.db, {
    roles: ['Seller-Company'],
    state: 'Rajasthan',
    city: 'Jaipur',
    postalCode: '302003',
    shop: { shopName: 'Kavya Test Textiles' },
  });
  kavyaToken = await sessionToken(t.db, kavya.id);
  meera = await createUser(t.db, {
    roles: ['Seller-Individual'],
    state: 'Tamil Nadu',
    city: 'Kanchipuram',
    postalCode: '631501',
    shop: { shopName: 'Meera Test Looms' },
  });
  meeraToken = await sessionToken(t.db, meera.id);
});
afterAll(async () => t?.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? authHeader(token) : {} });
const put = (url: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers: authHeader(token), payload });
const promise = (product: string, pincode: string) =>
  get(`/api/delivery/promise?product=${product}&pincode=${pincode}`);

const setFlags = (pincode: string, flags: Partial<typeof pincodes.$inferInsert>) =>
  t.db.update(pincodes).set(flags).where(eq(pincodes.pincode, pincode));
const resetPincode = (pincode: string) =>
  setFlags(pincode, { serviceable: true, codAllowed: true, codLimit: null });
const clearArea = (sellerId: string) =>
  t.db.delete(sellerDeliveryAreas).where(eq(sellerDeliveryAreas.sellerId, sellerId));

const defaultSettings = {
  daysSameCity: 2,
  daysSameState: 3,
  daysOtherState: 5,
  daysSpecial: 7,
  handlingDays: 1,
  codLimit: 50000,
  codUnacceptedHours: 72,
  maxOpenCodOrders: 3,
  maxOpenCodUnits: 10,
  maxRtoForCod: null,
};

const stockOf = async (productId: string) =>
  (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId))).reduce(
    (n, v) => n + v.countInStock,
    0,
  );
const ordersOfBuyer = async (buyerId: string) =>
  (await t.db.select().from(orders).where(eq(orders.userId, buyerId))).length;

let kurta: ProductRow;
let saree: ProductRow;
beforeEach(async () => {
  kurta = await createProduct(t.db, {
    sellerId: kavya.id,
    name: 'Silk Kurta',
    price: '999.00',
    sizes: ['M', 'L'],
    countInStock: 10,
  });
  saree = await createProduct(t.db, { sellerId: meera.id, name: 'Cotton Saree', price: '1499.00' });
});

describe('GET /api/delivery/promise (the product page)', () => {
  it('answers by zone: same city, same state, other state, special region', async () => {
    const cases: [pincode: string, days: number, place: { district: string; state: string }][] = [
      ['302001', 2, { district: 'Jaipur', state: 'Rajasthan' }],
      ['342001', 3, { district: 'Jodhpur', state: 'Rajasthan' }],
      ['560038', 5, { district: 'Bengaluru', state: 'Karnataka' }],
      ['744101', 7, { district: 'South Andaman', state: 'Andaman and Nicobar Islands' }],
      ['194101', 7, { district: 'Leh', state: 'Ladakh' }],
    ];
    for (const [pincode, days, place] of cases) {
      const res = await promise(kurta.id, pincode);
      expect(res.statusCode, pincode).toBe(200);
      expect(res.json()).toEqual({
        pincode,
        place,
        deliverable: true,
        deliveryBy: deliveryDate(new Date(), 1, days),
        cod: true,
      });
    }
  });

  it('is public and cacheable', async () => {
    const res = await promise(kurta.id, '560038');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('refuses a malformed or unknown pincode and an unknown product, in words', async () => {
    for (const bad of ['12345', '0123456', 'ABCDEF', '011004']) {
      const res = await promise(kurta.id, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Please enter a valid 6-digit pincode');
    }
    const unknown = await promise(kurta.id, '999999');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('We could not find pincode 999999');
    const noProduct = await promise('00000000-0000-4000-8000-000000000000', '560038');
    expect(noProduct.statusCode).toBe(404);
  });

  it("says why not: the operator's serviceability, the seller's states and prefixes, COD", async () => {
    await setFlags('744101', { serviceable: false });
    expect((await promise(kurta.id, '744101')).json()).toMatchObject({
      deliverable: false,
      deliveryBy: null,
      cod: false,
      reason: 'We do not deliver to 744101 yet',
    });
    await resetPincode('744101');

    await put('/api/seller/delivery-area', kavyaToken, {
      states: ['Rajasthan', 'Delhi'],
      excludedPrefixes: ['3420'],
      codAllowed: true,
      handlingDays: null,
    });
    expect((await promise(kurta.id, '194101')).json()).toMatchObject({
      deliverable: false,
      reason: 'Kavya Test Textiles does not ship to Ladakh',
    });
    expect((await promise(kurta.id, '342001')).json()).toMatchObject({
      deliverable: false,
      reason: 'Kavya Test Textiles does not ship to 342001',
    });
    expect((await promise(kurta.id, '302001')).json()).toMatchObject({ deliverable: true, cod: true });
    await clearArea(kavya.id);

    await setFlags('560038', { codAllowed: false });
    expect((await promise(kurta.id, '560038')).json()).toMatchObject({
      deliverable: true,
      cod: false,
      reason: 'Cash on delivery is not available for this pincode',
    });
    await resetPincode('560038');
  });

  it("adds the seller's own handling days", async () => {
    await put('/api/seller/delivery-area', kavyaToken, {
      states: [],
      excludedPrefixes: [],
      codAllowed: true,
      handlingDays: 4,
    });
    expect((await promise(kurta.id, '560038')).json().deliveryBy).toBe(deliveryDate(new Date(), 4, 5));
    await clearArea(kavya.id);
  });
});

describe('Place Order keeps the promise', () => {
  it('stores a delivery date per seller shipment', async () => {
    const order = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: kurta.id, size: 'L' }, { product: saree.id }], {
        shippingAddress: indiaAddress({ postalCode: '560038', city: 'Bengaluru', state: 'Karnataka' }),
      }),
    );
    const rows = await t.db.select().from(shipments).where(eq(shipments.orderId, order._id));
    const bySeller = new Map(rows.map((r) => [r.sellerId, r.expectedDeliveryDate]));
    expect(bySeller.get(kavya.id)).toBe(deliveryDate(new Date(), 1, 5));
    // Kanchipuram (Tamil Nadu) → Bengaluru (Karnataka): another state too.
    expect(bySeller.get(meera.id)).toBe(deliveryDate(new Date(), 1, 5));
  });

  it('refuses a line the operator does not deliver, naming it, and writes nothing', async () => {
    await setFlags('744101', { serviceable: false });
    const before = await stockOf(kurta.id);
    const count = await ordersOfBuyer(buyer.id);
    const res = await postOrder(
      t.app,
      buyerToken,
      orderBody([{ product: kurta.id, size: 'L' }], {
        shippingAddress: indiaAddress({
          postalCode: '744101',
          city: 'Port Blair',
          state: 'Andaman and Nicobar Islands',
        }),
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'not_deliverable',
      message: 'Silk Kurta (size L) cannot be delivered to 744101.',
    });
    expect(await stockOf(kurta.id)).toBe(before);
    expect(await ordersOfBuyer(buyer.id)).toBe(count);
    await resetPincode('744101');
  });

  it("refuses the line of a seller that narrowed its states or prefixes, not the other seller's", async () => {
    await put('/api/seller/delivery-area', meeraToken, {
      states: ['Tamil Nadu', 'Kerala'],
      excludedPrefixes: [],
      codAllowed: true,
      handlingDays: null,
    });
    const toBengaluru = { shippingAddress: indiaAddress({ postalCode: '560038', city: 'Bengaluru' }) };
    const res = await postOrder(
      t.app,
      buyerToken,
      orderBody([{ product: kurta.id, size: 'M' }, { product: saree.id }], toBengaluru),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${saree.name} (size M) cannot be delivered to 560038.`);
    // Kavya's line alone goes.
    await placeOrder(t.app, buyerToken, orderBody([{ product: kurta.id, size: 'M' }], toBengaluru));
    await clearArea(meera.id);

    await put('/api/seller/delivery-area', kavyaToken, {
      states: [],
      excludedPrefixes: ['5600'],
      codAllowed: true,
      handlingDays: null,
    });
    const prefixed = await postOrder(
      t.app,
      buyerToken,
      orderBody([{ product: kurta.id, size: 'L' }], toBengaluru),
    );
    expect(prefixed.statusCode).toBe(409);
    expect(prefixed.json().code).toBe('not_deliverable');
    await placeOrder(t.app, buyerToken, orderBody([{ product: kurta.id, size: 'L' }])); // Pune
    await clearArea(kavya.id);
  });

  it('refuses an Indian pincode that is not in the table', async () => {
    const res = await postOrder(
      t.app,
      buyerToken,
      orderBody([{ product: kurta.id }], { shippingAddress: indiaAddress({ postalCode: '999999' }) }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'not_deliverable',
      message: 'We could not find pincode 999999',
    });
  });

  it('makes no promise outside India and refuses only cash on delivery there (409 cod_not_allowed)', async () => {
    await setFlags('411004', { serviceable: false, codAllowed: false });
    const abroad = {
      address: '1 Market St',
      city: 'San Francisco',
      state: 'California',
      postalCode: '94105',
      country: 'United States',
    };
    const order = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: kurta.id }], { paymentMethod: 'RazorPay', shippingAddress: abroad }),
    );
    const [row] = await t.db.select().from(shipments).where(eq(shipments.orderId, order._id));
    expect(row?.expectedDeliveryDate).toBeNull();
    expect(row?.pincode).toBeNull();

    // Cash on delivery is for Indian addresses only (ADR 0113): refused, and nothing is placed.
    const codBuyer = await createUser(t.db);
    const refused = await postOrder(
      t.app,
      await sessionToken(t.db, codBuyer.id),
      orderBody([{ product: kurta.id }], { paymentMethod: 'CashOnDelivery', shippingAddress: abroad }),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'cod_not_allowed',
      message: 'Cash on delivery is available for addresses in India only.',
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, codBuyer.id))).toHaveLength(0);
    await resetPincode('411004');
  });
});

describe('cash on delivery only when every line allows it', () => {
  // A new buyer each time: the open-COD holding limits (another rule) must not get in the way.
  const cod = async (lines: Parameters<typeof orderBody>[0], postalCode = '411004') =>
    postOrder(
      t.app,
      await sessionToken(t.db, (await createUser(t.db)).id),
      orderBody(lines, { paymentMethod: 'CashOnDelivery', shippingAddress: indiaAddress({ postalCode }) }),
    );

  it('refused by the pincode flag; online payment still goes', async () => {
    await setFlags('411004', { codAllowed: false });
    const res = await cod([{ product: kurta.id }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'cod_not_allowed',
      message: 'Cash on delivery is not available for this pincode',
    });
    await placeOrder(t.app, buyerToken, orderBody([{ product: kurta.id }]));
    await resetPincode('411004');
  });

  it('refused when one seller of the order does not take it', async () => {
    await put('/api/seller/delivery-area', meeraToken, {
      states: [],
      excludedPrefixes: [],
      codAllowed: false,
      handlingDays: null,
    });
    const before = await stockOf(kurta.id);
    const res = await cod([{ product: kurta.id }, { product: saree.id }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'cod_not_allowed',
      message: 'Meera Test Looms does not take cash on delivery',
    });
    expect(await stockOf(kurta.id)).toBe(before);
    expect((await cod([{ product: kurta.id }])).statusCode).toBe(201);
    await clearArea(meera.id);
  });

  it("refused above the pincode's limit, else the operator's default", async () => {
    // Kurta: ₹999 + 5% GST = ₹1,048.95.
    await setFlags('411004', { codLimit: '1000.00' });
    const over = await cod([{ product: kurta.id }]);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'cod_not_allowed',
      message: 'Cash on delivery is available for orders up to ₹1,000.00',
    });
    await setFlags('411004', { codLimit: '1048.95' });
    expect((await cod([{ product: kurta.id }])).statusCode).toBe(201);
    await resetPincode('411004');

    await put('/api/delivery/settings', adminToken, { ...defaultSettings, codLimit: 2000 });
    const overDefault = await cod([{ product: kurta.id, qty: 2 }]);
    expect(overDefault.statusCode).toBe(409);
    expect(overDefault.json().message).toBe('Cash on delivery is available for orders up to ₹2,000.00');
    await put('/api/delivery/settings', adminToken, defaultSettings);
    expect((await cod([{ product: kurta.id, qty: 2 }])).statusCode).toBe(201);
  });

  it('refused once the buyer has as many returned-to-origin parcels as the operator allows', async () => {
    const refuser = await createUser(t.db);
    const token = await sessionToken(t.db, refuser.id);
    const first = await placeOrder(
      t.app,
      token,
      orderBody([{ product: kurta.id }], { paymentMethod: 'CashOnDelivery' }),
    );
    await put('/api/delivery/settings', adminToken, { ...defaultSettings, maxRtoForCod: 1 });
    const again = () =>
      postOrder(t.app, token, orderBody([{ product: kurta.id }], { paymentMethod: 'CashOnDelivery' }));
    expect((await again()).statusCode).toBe(201);
    await t.db
      .update(shipments)
      .set({ state: 'returned_to_origin', returnedAt: sql`now()` })
      .where(and(eq(shipments.orderId, first._id)));
    const refused = await again();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'cod_not_allowed',
      message: 'Cash on delivery is not available on this account because earlier parcels were refused',
    });
    // Another buyer is not affected, and no limit means no refusal.
    expect((await cod([{ product: kurta.id }])).statusCode).toBe(201);
    await put('/api/delivery/settings', adminToken, defaultSettings);
    expect((await again()).statusCode).toBe(201);
  });
});

describe('POST /api/delivery/quote (checkout)', () => {
  const quote = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/delivery/quote', headers: authHeader(token), payload });

  it('gives a date per seller, the lines that cannot go, and COD or why not', async () => {
    await put('/api/seller/delivery-area', meeraToken, {
      states: ['Tamil Nadu'],
      excludedPrefixes: [],
      codAllowed: true,
      handlingDays: null,
    });
    const res = await quote(buyerToken, {
      country: 'India',
      postalCode: '302 001',
      lines: [
        { product: kurta.id, qty: 1 },
        { product: saree.id, qty: 1 },
      ],
      orderValueInr: 60000,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      applies: true,
      pincode: '302001',
      place: { district: 'Jaipur', state: 'Rajasthan' },
      deliverable: false,
      reason: 'Cotton Saree cannot be delivered to 302001.',
      cod: false,
      codReason: 'Cash on delivery is available for orders up to ₹50,000.00',
    });
    expect(body.shipments).toContainEqual({
      sellerId: kavya.id,
      shop: 'Kavya Test Textiles',
      deliveryBy: deliveryDate(new Date(), 1, 2),
    });
    expect(body.shipments).toContainEqual({ sellerId: meera.id, shop: 'Meera Test Looms', deliveryBy: null });
    await clearArea(meera.id);
  });

  it('makes no promise abroad, and needs a signed-in buyer', async () => {
    const abroad = await quote(buyerToken, {
      country: 'United States',
      postalCode: '94105',
      lines: [{ product: kurta.id, qty: 1 }],
    });
    expect(abroad.json()).toMatchObject({
      applies: false,
      deliverable: true,
      cod: false,
      codReason: 'Cash on delivery is available for addresses in India only.',
      shipments: [],
    });
    const stranger = await t.app.inject({
      method: 'POST',
      url: '/api/delivery/quote',
      payload: { country: 'India', postalCode: '302001', lines: [{ product: kurta.id, qty: 1 }] },
    });
    expect(stranger.statusCode).toBe(401);
    const bad = await quote(buyerToken, {
      country: 'India',
      postalCode: '3020',
      lines: [{ product: kurta.id, qty: 1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid 6-digit pincode');
  });
});

describe('operator settings and pincode flags (Admin only)', () => {
  it('reads and changes the settings; everybody else is refused', async () => {
    const read = await get('/api/delivery/settings', adminToken);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(defaultSettings);
    const changed = await put('/api/delivery/settings', adminToken, {
      ...defaultSettings,
      daysOtherState: 6,
    });
    expect(changed.json().daysOtherState).toBe(6);
    expect((await promise(kurta.id, '560038')).json().deliveryBy).toBe(deliveryDate(new Date(), 1, 6));
    await put('/api/delivery/settings', adminToken, defaultSettings);

    const invalid = await put('/api/delivery/settings', adminToken, { ...defaultSettings, daysSpecial: -1 });
    expect(invalid.statusCode).toBe(400);
    for (const token of [buyerToken, kavyaToken]) {
      expect((await get('/api/delivery/settings', token)).statusCode).toBe(403);
      expect((await put('/api/delivery/settings', token, defaultSettings)).statusCode).toBe(403);
    }
    expect((await get('/api/delivery/settings')).statusCode).toBe(401);
  });

  it('finds pincodes by digits or place and sets their flags, never overwritten by a reload', async () => {
    const byDigits = await get('/api/delivery/pincodes?q=7441', adminToken);
    expect(byDigits.statusCode).toBe(200);
    expect(byDigits.json()[0]).toMatchObject({ pincode: '744101', serviceable: true, codLimit: null });
    const byPlace = (await get('/api/delivery/pincodes?q=Leh', adminToken)).json() as { state: string }[];
    expect(byPlace.some((p) => p.state === 'Ladakh')).toBe(true);

    const set = await put('/api/delivery/pincodes/744101', adminToken, {
      serviceable: false,
      codAllowed: false,
      codLimit: 5000,
    });
    expect(set.json()).toMatchObject({
      pincode: '744101',
      serviceable: false,
      codAllowed: false,
      codLimit: 5000,
    });
    // The loader that runs after migrating fills what is missing and keeps the operator's flags.
    const { loadPincodes } = await import('../../src/server/db/pincodes.ts');
    await t.db.delete(pincodes).where(eq(pincodes.pincode, '110001'));
    expect(await loadPincodes(t.db.$client)).toBeGreaterThan(19_000);
    const [kept] = await t.db.select().from(pincodes).where(eq(pincodes.pincode, '744101'));
    expect(kept).toMatchObject({ serviceable: false, codAllowed: false, codLimit: '5000.00' });
    const [back] = await t.db.select().from(pincodes).where(eq(pincodes.pincode, '110001'));
    expect(back).toMatchObject({ state: 'Delhi', serviceable: true });
    expect(await loadPincodes(t.db.$client)).toBe(0);
    await resetPincode('744101');

    expect(
      (
        await put('/api/delivery/pincodes/999999', adminToken, {
          serviceable: true,
          codAllowed: true,
          codLimit: null,
        })
      ).statusCode,
    ).toBe(404);
    expect((await get('/api/delivery/pincodes?q=744', kavyaToken)).statusCode).toBe(403);
    expect(
      (
        await put('/api/delivery/pincodes/744101', buyerToken, {
          serviceable: false,
          codAllowed: true,
          codLimit: null,
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe("a seller's delivery area (its own only)", () => {
  it('reads the defaults, saves its own, and never touches another seller', async () => {
    const first = await get('/api/seller/delivery-area', kavyaToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      states: [],
      excludedPrefixes: [],
      codAllowed: true,
      handlingDays: null,
      defaultHandlingDays: 1,
    });
    expect(first.json().allStates).toContain('Ladakh');
    expect(first.json().allStates).toHaveLength(36);

    const saved = await put('/api/seller/delivery-area', kavyaToken, {
      states: ['rajasthan', 'Delhi', 'Delhi'],
      excludedPrefixes: ['30', '302017'],
      codAllowed: false,
      handlingDays: 2,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      states: ['Rajasthan', 'Delhi'],
      excludedPrefixes: ['30', '302017'],
      codAllowed: false,
      handlingDays: 2,
    });
    const rows = await t.db.select().from(sellerDeliveryAreas);
    expect(rows.filter((r) => r.sellerId === kavya.id)).toHaveLength(1);
    expect(rows.some((r) => r.sellerId === meera.id)).toBe(false);
    expect((await get('/api/seller/delivery-area', meeraToken)).json().states).toEqual([]);

    const unknown = await put('/api/seller/delivery-area', kavyaToken, {
      states: ['Narnia'],
      excludedPrefixes: [],
      codAllowed: true,
      handlingDays: null,
    });
    expect(unknown.statusCode).toBe(400);
    const badPrefix = await put('/api/seller/delivery-area', kavyaToken, {
      states: [],
      excludedPrefixes: ['30a'],
      codAllowed: true,
      handlingDays: null,
    });
    expect(badPrefix.statusCode).toBe(400);
    expect((await get('/api/seller/delivery-area', buyerToken)).statusCode).toBe(403);
    expect((await get('/api/seller/delivery-area')).statusCode).toBe(401);
    await clearArea(kavya.id);
  });
});
