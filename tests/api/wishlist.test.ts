import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/errors.ts';
import { WISHLIST_MAX, WISHLIST_MERGE_MAX, wishlistSchema } from '#shared/schemas/wishlist.ts';
import { products, wishlistItems } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';

let t: TestContext;
let seller: TestUser;
let product: ProductRow;
let other: ProductRow;
let inactive: ProductRow;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, { name: 'Kavya Rao', roles: ['Seller-Company'] });
  product = await createProduct(t.db, { sellerId: seller.id, name: 'Silk Kurta' });
  other = await createProduct(t.db, { sellerId: seller.id, name: 'Linen Shirt' });
  inactive = await createProduct(t.db, { sellerId: seller.id, name: 'Old Stock', status: false });
});
afterAll(async () => {
  await t?.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function buyer(): Promise<{ user: TestUser; headers: Record<string, string> }> {
  const user = await createUser(t.db, { name: 'Asha Verma', roles: ['Buyer'] });
  return { user, headers: authHeader(await sessionToken(t.db, user.id)) };
}
const put = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/wishlist/${id}`, headers });
const del = (id: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url: `/api/wishlist/${id}`, headers });
const merge = (productIds: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/wishlist/merge', payload: { productIds }, headers });
async function listIds(headers: Record<string, string>): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/wishlist', headers });
  expect(res.statusCode).toBe(200);
  return wishlistSchema.parse(res.json()).products.map((p) => p._id);
}
const rowsOf = async (userId: string) =>
  t.db.select().from(wishlistItems).where(eq(wishlistItems.userId, userId));

describe('wishlist access', () => {
  it('asks a guest to sign in (401) on every route', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/wishlist' }),
      await put(product.id),
      await del(product.id),
      await merge([product.id]),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe(ERROR_CODES.unauthenticated);
    }
  });

  it('refuses an inactive account (403)', async () => {
    const user = await createUser(t.db, { roles: ['Buyer'], active: false });
    const res = await put(product.id, authHeader(await sessionToken(t.db, user.id)));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(ERROR_CODES.account_inactive);
  });

  it('lets any active role keep a list (a seller too)', async () => {
    const headers = authHeader(await sessionToken(t.db, seller.id));
    expect((await put(other.id, headers)).statusCode).toBe(200);
    expect(await listIds(headers)).toEqual([other.id]);
    expect((await del(other.id, headers)).statusCode).toBe(200);
  });

  it('shows and changes only the caller’s own list', async () => {
    const a = await buyer();
    const b = await buyer();
    await put(product.id, a.headers);
    expect(await listIds(b.headers)).toEqual([]);
    // b removing the same product leaves a's row alone.
    await del(product.id, b.headers);
    expect(await listIds(a.headers)).toEqual([product.id]);
  });
});

describe('PUT and DELETE /api/wishlist/:productId', () => {
  it('saves once however often it is asked, and answers the product answers newest first', async () => {
    const { user, headers } = await buyer();
    const first = await put(product.id, headers);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ productId: product.id, saved: true });
    const [row] = await rowsOf(user.id);
    expect((await put(product.id, headers)).json()).toEqual({ productId: product.id, saved: true });
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    // Saving again does not move it to the top.
    expect(rows[0]?.createdAt.getTime()).toBe(row?.createdAt.getTime());

    await put(other.id, headers);
    const res = await t.app.inject({ method: 'GET', url: '/api/wishlist', headers });
    const body = wishlistSchema.parse(res.json());
    expect(body.products.map((p) => p.name)).toEqual(['Linen Shirt', 'Silk Kurta']);
    // The catalogue's product answer, variants included (the "Move to cart" dialog needs them).
    expect(body.products[0]?.variants.map((v) => v.size)).toEqual(['M', 'L']);
  });

  it('removes idempotently, even a product never saved or unknown', async () => {
    const { user, headers } = await buyer();
    await put(product.id, headers);
    for (let i = 0; i < 2; i++) {
      const res = await del(product.id, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ productId: product.id, saved: false });
    }
    expect(await rowsOf(user.id)).toHaveLength(0);
    expect((await del(UNKNOWN, headers)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown, malformed or inactive product, and saves nothing', async () => {
    const { user, headers } = await buyer();
    for (const id of [UNKNOWN, 'not-a-uuid', inactive.id]) {
      const res = await put(id, headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ERROR_CODES.not_found);
    }
    expect(await rowsOf(user.id)).toHaveLength(0);
  });

  it('leaves a product switched off out of the list, and shows it again when it is back on', async () => {
    const { user, headers } = await buyer();
    const later = await createProduct(t.db, { sellerId: seller.id });
    await put(later.id, headers);
    await t.db.update(products).set({ status: false }).where(eq(products.id, later.id));
    expect(await listIds(headers)).toEqual([]);
    expect(await rowsOf(user.id)).toHaveLength(1);
    await t.db.update(products).set({ status: true }).where(eq(products.id, later.id));
    expect(await listIds(headers)).toEqual([later.id]);
  });

  it(`holds at most ${WISHLIST_MAX} products: one more is 409 wishlist_full, a saved one is still fine`, async () => {
    const { user, headers } = await buyer();
    // WISHLIST_MAX products in one insert (no variants needed to be saved).
    const template = product;
    const many = await t.db
      .insert(products)
      .values(
        Array.from({ length: WISHLIST_MAX }, (_, i) => ({
          name: `Bulk ${i}`,
          brand: template.brand,
          currency: 'INR',
          countInStock: 1,
          description: 'Bulk',
          sizes: ['N/A'],
          percentageMarkup: '10',
          status: true,
          categoryId: template.categoryId,
          userId: seller.id,
          price: '100.00',
        })),
      )
      .returning({ id: products.id });
    await t.db
      .insert(wishlistItems)
      .values(many.slice(0, WISHLIST_MAX - 1).map((p) => ({ userId: user.id, productId: p.id })));
    expect((await put(many[WISHLIST_MAX - 1]!.id, headers)).statusCode).toBe(200);
    const full = await put(product.id, headers);
    expect(full.statusCode).toBe(409);
    expect(full.json().code).toBe(ERROR_CODES.wishlist_full);
    // Already saved: no change needed, so no refusal.
    expect((await put(many[0]!.id, headers)).statusCode).toBe(200);
    // A full list takes nothing from a merge, without failing it.
    const merged = await merge([product.id, other.id], headers);
    expect(merged.statusCode).toBe(200);
    expect(merged.json()).toEqual({ added: 0 });
    expect(await rowsOf(user.id)).toHaveLength(WISHLIST_MAX);
    // Two saves racing for the last place: exactly one gets it.
    await del(many[0]!.id, headers);
    const [a, b] = await Promise.all([put(product.id, headers), put(other.id, headers)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await rowsOf(user.id)).toHaveLength(WISHLIST_MAX);
  });
});

describe('POST /api/wishlist/merge', () => {
  it('adds the guest list in its order, skipping repeats, saved, unknown and inactive ids', async () => {
    const { user, headers } = await buyer();
    const third = await createProduct(t.db, { sellerId: seller.id, name: 'Cotton Saree' });
    await put(other.id, headers);
    const res = await merge(
      [third.id, product.id, UNKNOWN, third.id, inactive.id, other.id, product.id],
      headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ added: 2 });
    // Merged ones come first, in the guest's order (newest first), then what the account held.
    expect(await listIds(headers)).toEqual([third.id, product.id, other.id]);
    expect(await rowsOf(user.id)).toHaveLength(3);
    // Merging the same list again adds nothing.
    expect((await merge([third.id, product.id], headers)).json()).toEqual({ added: 0 });
    expect((await merge([], headers)).json()).toEqual({ added: 0 });
  });

  it(`refuses malformed ids and more than ${WISHLIST_MERGE_MAX} at once (400)`, async () => {
    const { headers } = await buyer();
    const bad = await merge(['nope'], headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ERROR_CODES.invalid_input);
    const tooMany = await merge(
      Array.from({ length: WISHLIST_MERGE_MAX + 1 }, () => UNKNOWN),
      headers,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(
      (
        await merge(
          Array.from({ length: WISHLIST_MERGE_MAX }, () => UNKNOWN),
          headers,
        )
      ).json(),
    ).toEqual({ added: 0 });
  });
});
