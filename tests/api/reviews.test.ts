import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, REVIEW_MSG } from '#shared/schemas/product.ts';
import { orderItems, orders, products } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';

let t: TestContext;
let seller: TestUser;
let buyer: TestUser;
let product: ProductRow;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, { name: 'Kavya Rao', roles: ['Seller-Company'] });
  buyer = await createUser(t.db, { name: 'Asha Verma', roles: ['Buyer'] });
  product = await createProduct(t.db, { sellerId: seller.id, name: 'Silk Kurta' });
});
afterAll(async () => {
  await t?.close();
});

const tokenFor = async (u: TestUser) => authHeader(await sessionToken(t.db, u.id));
const review = (productId: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/products/${productId}/reviews`,
    payload: payload as object,
    headers,
  });
const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
const detail = async (id: string) => productSchema.parse((await t.app.inject(`/api/products/${id}`)).json());

/** An order by `userId` with one line for `productId`, as checkout would write it. */
async function purchase(
  userId: string,
  productId: string,
  status: 'placed' | 'cancelled' = 'placed',
  delivered = false,
) {
  const address = {
    address: '1 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    postalCode: '411001',
    country: 'India',
  };
  const [order] = await t.db
    .insert(orders)
    .values({
      userId,
      shippingAddress: address,
      billingAddress: { ...address, name: 'Buyer' },
      itemsPrice: '499.00',
      taxPrice: '24.95',
      totalPrice: '523.95',
      totalPriceInr: '523.95',
      status,
      cancelledAt: status === 'cancelled' ? new Date() : null,
      isPaid: delivered,
      paidAt: delivered ? new Date() : null,
      isDelivered: delivered,
      deliveredAt: delivered ? new Date() : null,
    })
    .returning();
  if (!order) throw new Error('order insert failed');
  await t.db.insert(orderItems).values({
    orderId: order.id,
    productId,
    sellerId: seller.id,
    name: 'Silk Kurta',
    qty: 1,
    price: '499.00',
    discountedPrice: '499.00',
    tax: '5',
    taxAmount: '24.95',
  });
}

describe('POST /api/products/:id/reviews', () => {
  it('adds a review (201), names it after the reviewer and updates rating and numReviews', async () => {
    const res = await review(product.id, { rating: 4, comment: '  Lovely fabric.  ' }, await tokenFor(buyer));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: REVIEW_MSG.added });
    const row = await productRow(product.id);
    expect(row).toMatchObject({ rating: '4.00', numReviews: 1 });
    // A review is not a seller's edit: updatedAt stays equal to createdAt (docs/product/orders-and-checkout.md#checkout-flow product edit).
    expect(row?.updatedAt.getTime()).toBe(product.updatedAt.getTime());
    const shown = await detail(product.id);
    expect(shown.reviews).toEqual([
      {
        _id: expect.any(String),
        name: 'Asha Verma',
        rating: 4,
        comment: 'Lovely fabric.',
        createdAt: expect.any(String),
        verifiedPurchase: false,
        images: [],
        helpfulCount: 0,
      },
    ]);
    expect(shown).toMatchObject({ rating: 4, numReviews: 1 });
  });

  it('refuses a second review by the same user with 409', async () => {
    const res = await review(product.id, { rating: 1, comment: 'Again' }, await tokenFor(buyer));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Product already reviewed' });
    expect(await productRow(product.id)).toMatchObject({ rating: '4.00', numReviews: 1 });
  });

  it('validates rating (integer 1–5) and comment (required, at most 2000), strictly', async () => {
    const user = await createUser(t.db);
    const auth = await tokenFor(user);
    for (const bad of [
      { rating: 0, comment: 'x' },
      { rating: 6, comment: 'x' },
      { rating: 3.5, comment: 'x' },
      { rating: '5', comment: 'x' },
      { comment: 'x' },
      { rating: 5, comment: '   ' },
      { rating: 5 },
      { rating: 5, comment: 'x'.repeat(2001) },
      { rating: 5, comment: 'x', name: 'Someone Else' },
    ]) {
      const res = await review(product.id, bad, auth);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await review(product.id, { rating: 0, comment: 'x' }, auth)).json().message).toBe(
      REVIEW_MSG.rating,
    );
    expect((await review(product.id, { rating: 5, comment: ' ' }, auth)).json().message).toBe(
      REVIEW_MSG.commentRequired,
    );
    expect(await productRow(product.id)).toMatchObject({ numReviews: 1 });
  });

  it('asks guests to sign in (401)', async () => {
    const res = await review(product.id, { rating: 5, comment: 'Great' });
    expect(res.statusCode).toBe(401);
    expect((await review(product.id, { rating: 9 })).statusCode).toBe(401);
  });

  it('answers 404 for unknown, malformed and inactive products', async () => {
    const auth = await tokenFor(buyer);
    const hidden = await createProduct(t.db, { sellerId: seller.id, status: false });
    expect(
      (await review('00000000-0000-4000-8000-000000000000', { rating: 5, comment: 'x' }, auth)).statusCode,
    ).toBe(404);
    expect((await review('nope', { rating: 5, comment: 'x' }, auth)).statusCode).toBe(404);
    expect((await review(hidden.id, { rating: 5, comment: 'x' }, auth)).statusCode).toBe(404);
  });

  it('does not let a seller review their own product (403)', async () => {
    const res = await review(product.id, { rating: 5, comment: 'Best ever' }, await tokenFor(seller));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: REVIEW_MSG.ownProduct,
      code: 'forbidden',
      requestId: expect.any(String),
    });
  });

  it('keeps rating and numReviews exact under 10 concurrent reviews', async () => {
    const target = await createProduct(t.db, { sellerId: seller.id });
    const ratings = [5, 4, 4, 3, 5, 1, 2, 5, 4, 4]; // mean 3.7
    const users = await Promise.all(ratings.map(() => createUser(t.db)));
    const tokens = await Promise.all(users.map((u) => tokenFor(u)));
    const answers = await Promise.all(
      ratings.map((rating, i) => review(target.id, { rating, comment: `Review ${i}` }, tokens[i])),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(ratings.map(() => 201));
    expect(await productRow(target.id)).toMatchObject({ rating: '3.70', numReviews: 10 });
  });

  it('rounds the average half-up to 2 decimals', async () => {
    const target = await createProduct(t.db, { sellerId: seller.id });
    for (const rating of [5, 5, 4]) {
      const u = await createUser(t.db);
      expect((await review(target.id, { rating, comment: 'ok' }, await tokenFor(u))).statusCode).toBe(201);
    }
    expect(await productRow(target.id)).toMatchObject({ rating: '4.67', numReviews: 3 });
    expect((await detail(target.id)).rating).toBe(4.67);
  });

  it('marks reviews by buyers who received the product as verified purchases', async () => {
    const target = await createProduct(t.db, { sellerId: seller.id });
    const [received, placed, cancelled, browsed] = await Promise.all([
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
      createUser(t.db),
    ]);
    if (!received || !placed || !cancelled || !browsed) throw new Error('users');
    await purchase(received.id, target.id, 'placed', true);
    await purchase(placed.id, target.id); // ordered, not delivered yet
    await purchase(cancelled.id, target.id, 'cancelled');
    await purchase(browsed.id, product.id, 'placed', true); // received something else
    for (const u of [received, placed, cancelled, browsed]) {
      expect((await review(target.id, { rating: 5, comment: 'Nice' }, await tokenFor(u))).statusCode).toBe(
        201,
      );
    }
    // Newest first: the first review written (by the buyer who received it) is last.
    const flags = (await detail(target.id)).reviews.map((r) => r.verifiedPurchase);
    expect(flags).toEqual([false, false, false, true]);
  });
});
