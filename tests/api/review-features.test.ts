import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { variantUrl } from '#shared/images.ts';
import { averageRating, ratingCountsFrom } from '#shared/reviews.ts';
import { productSchema, REVIEW_MSG } from '#shared/schemas/product.ts';
import {
  helpfulSchema,
  REVIEW_WRITE_MSG,
  reviewItemSchema,
  reviewPageSchema,
  type ReviewPage,
} from '#shared/schemas/review.ts';
import { products, reviewImages, reviews } from '../../src/server/db/schema/index.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';

/**
 * Reviews that help (docs/decisions/0105-reviews.md): the 5★…1★ counts and exact averages through hide,
 * unhide, edit and delete; verified purchase only after delivery; photos; the author's edit and delete;
 * helpful votes; Admin hiding with a reason.
 */

let t: TestContext;
let seller: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createUser(t.db, { name: 'Kavya Rao', roles: ['Seller-Company'] });
  admin = await createUser(t.db, { name: 'Root Admin', roles: ['Admin'] });
});
afterAll(async () => {
  await t?.close();
});

const auth = async (u: TestUser) => authHeader(await sessionToken(t.db, u.id));
type Headers = Record<string, string>;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const postReview = (productId: string, body: unknown, headers: Headers) =>
  call('POST', `/api/products/${productId}/reviews`, headers, body);

const png = (seed = 0) =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 30 + seed, g: 90, b: 200 } } })
    .png()
    .toBuffer();

/** A multipart review request: the JSON in `review`, the files as `images`. */
async function multipart(
  method: 'POST' | 'PUT',
  url: string,
  headers: Headers,
  review: unknown,
  files: { data: Buffer; type: string; name?: string }[],
) {
  const form = new FormData();
  form.append('review', JSON.stringify(review));
  for (const [i, f] of files.entries())
    form.append(
      'images',
      new Blob([new Uint8Array(f.data)], { type: f.type }),
      f.name ?? `photo-${String(i)}.png`,
    );
  const res = new Response(form);
  return t.app.inject({
    method,
    url,
    payload: Buffer.from(await res.arrayBuffer()),
    headers: { 'content-type': res.headers.get('content-type') ?? '', ...headers },
  });
}

const detail = async (id: string) => productSchema.parse((await call('GET', `/api/products/${id}`)).json());
const page = async (id: string, headers: Headers = {}, query = ''): Promise<ReviewPage> => {
  const res = await call('GET', `/api/products/${id}/reviews${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return reviewPageSchema.parse(res.json());
};
const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];
const reviewIdOf = async (productId: string, userId: string) => {
  const [row] = await t.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  if (!row) throw new Error('no review');
  return row.id;
};

/** Three reviews (5, 5, 4) by three buyers. */
async function reviewed(): Promise<{ product: ProductRow; buyers: TestUser[] }> {
  const product = await createProduct(t.db, { sellerId: seller.id });
  const buyers = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
  for (const [i, rating] of [5, 5, 4].entries()) {
    const u = buyers[i];
    if (!u) throw new Error('buyer');
    expect(
      (await postReview(product.id, { rating, comment: `Review ${String(i)}` }, await auth(u))).statusCode,
    ).toBe(201);
  }
  return { product, buyers };
}

describe('rating summary', () => {
  it('shows the 5★…1★ counts and an exact average on the detail answer', async () => {
    const { product } = await reviewed();
    const shown = await detail(product.id);
    expect(shown.ratingCounts).toEqual({ '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 });
    expect(shown).toMatchObject({ rating: 4.67, numReviews: 3 });
    if (!shown.ratingCounts) throw new Error('counts');
    expect(averageRating(shown.ratingCounts)).toBe(shown.rating);
  });

  it('drops a hidden review from the counts, the average and the storefront; unhiding restores them', async () => {
    const { product, buyers } = await reviewed();
    const four = await reviewIdOf(product.id, buyers[2]?.id ?? '');
    const hide = await call('PUT', `/api/reviews/${four}/hide`, await auth(admin), { reason: 'Off-topic' });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(reviewItemSchema.parse(hide.json()).hidden).toMatchObject({ reason: 'Off-topic' });

    expect(await productRow(product.id)).toMatchObject({ rating: '5.00', numReviews: 2 });
    const shown = await detail(product.id);
    expect(shown.ratingCounts).toEqual({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 2 });
    expect(shown.reviews.map((r) => r._id)).not.toContain(four);
    // Guests and buyers do not see it in the list; Admin does, with the reason.
    expect((await page(product.id)).reviews.map((r) => r._id)).not.toContain(four);
    expect((await page(product.id, await auth(buyers[0] as TestUser))).total).toBe(2);
    const forAdmin = await page(product.id, await auth(admin));
    expect(forAdmin.total).toBe(3);
    expect(forAdmin.reviews.find((r) => r._id === four)?.hidden).toMatchObject({ reason: 'Off-topic' });
    expect(forAdmin.reviews.filter((r) => r.hidden !== null)).toHaveLength(1);
    // The author sees their own review as hidden, with the reason.
    const author = await page(product.id, await auth(buyers[2] as TestUser));
    expect(author.mine).toMatchObject({ _id: four, hidden: { reason: 'Off-topic' } });
    expect(author.reviews.map((r) => r._id)).not.toContain(four);

    const unhide = await call('PUT', `/api/reviews/${four}/unhide`, await auth(admin));
    expect(unhide.statusCode, unhide.body).toBe(200);
    expect(unhide.json().hidden).toBeNull();
    expect(await productRow(product.id)).toMatchObject({ rating: '4.67', numReviews: 3 });
    expect((await detail(product.id)).ratingCounts).toEqual({ '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 });
  });

  it('recomputes the counts and the average when the author edits or deletes', async () => {
    const { product, buyers } = await reviewed();
    const [first, , third] = buyers as [TestUser, TestUser, TestUser];
    const id = await reviewIdOf(product.id, first.id);
    const edit = await call('PUT', `/api/reviews/${id}`, await auth(first), {
      rating: 1,
      comment: 'Faded fast',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const edited = reviewItemSchema.parse(edit.json());
    expect(edited).toMatchObject({ rating: 1, comment: 'Faded fast', mine: true });
    expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(edited.createdAt));
    // (1 + 5 + 4) / 3 = 3.33
    expect(await productRow(product.id)).toMatchObject({ rating: '3.33', numReviews: 3 });
    const counts = (await detail(product.id)).ratingCounts;
    expect(counts).toEqual({ '1': 1, '2': 0, '3': 0, '4': 1, '5': 1 });
    expect(averageRating(counts ?? ratingCountsFrom([]))).toBe(3.33);

    const thirdId = await reviewIdOf(product.id, third.id);
    const del = await call('DELETE', `/api/reviews/${thirdId}`, await auth(third));
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toEqual({ message: REVIEW_WRITE_MSG.deleted });
    expect(await productRow(product.id)).toMatchObject({ rating: '3.00', numReviews: 2 });
    // Deleted, the author may write again.
    expect(
      (await postReview(product.id, { rating: 3, comment: 'Again' }, await auth(third))).statusCode,
    ).toBe(201);
  });
});

describe('the paged list', () => {
  it('pages 10 at a time, newest or most helpful first, and names the caller’s own review', async () => {
    const product = await createProduct(t.db, { sellerId: seller.id });
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(t.db)));
    for (const [i, u] of users.entries())
      expect(
        (await postReview(product.id, { rating: 4, comment: `R${String(i)}` }, await auth(u))).statusCode,
      ).toBe(201);
    const first = await page(product.id);
    expect(first).toMatchObject({ page: 1, pages: 2, total: 12, mine: null });
    expect(first.reviews.map((r) => r.comment)).toEqual(
      Array.from({ length: 10 }, (_, i) => `R${String(11 - i)}`),
    );
    const second = await page(product.id, {}, '?pageNumber=2');
    expect(second.reviews.map((r) => r.comment)).toEqual(['R1', 'R0']);
    // The detail answer embeds the first page only.
    expect((await detail(product.id)).reviews).toHaveLength(10);

    // R3 gets two votes, R5 one: helpful first puts them ahead, the rest newest first.
    const r3 = await reviewIdOf(product.id, users[3]?.id ?? '');
    const r5 = await reviewIdOf(product.id, users[5]?.id ?? '');
    for (const voter of [users[0], users[1]])
      await call('POST', `/api/reviews/${r3}/helpful`, await auth(voter as TestUser));
    await call('POST', `/api/reviews/${r5}/helpful`, await auth(users[0] as TestUser));
    const helpful = await page(product.id, await auth(users[0] as TestUser), '?sort=helpful');
    expect(helpful.reviews.slice(0, 3).map((r) => [r.comment, r.helpfulCount, r.votedHelpful])).toEqual([
      ['R3', 2, true],
      ['R5', 1, true],
      ['R11', 0, false],
    ]);
    expect(helpful.mine).toMatchObject({ comment: 'R0', mine: true });
    expect((await call('GET', `/api/products/${product.id}/reviews?sort=best`)).statusCode).toBe(400);
    expect((await call('GET', `/api/products/nope/reviews`)).statusCode).toBe(404);
  });

  it('hides the reviews of an inactive product from all but its seller and Admin', async () => {
    const hidden = await createProduct(t.db, { sellerId: seller.id, status: false });
    expect((await call('GET', `/api/products/${hidden.id}/reviews`)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${hidden.id}/reviews`, await auth(seller))).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/products/${hidden.id}/reviews`, await auth(admin))).statusCode).toBe(200);
  });
});

describe('verified purchase', () => {
  it('is false for an undelivered cash-on-delivery order and true once it is delivered', async () => {
    const product = await createProduct(t.db, { sellerId: seller.id, countInStock: 5 });
    const buyer = await createUser(t.db, { roles: ['Buyer'] });
    const token = await sessionToken(t.db, buyer.id);
    const size = product.sizes[0];
    const order = await placeOrder(
      t.app,
      token,
      orderBody([{ product: product.id, ...(size ? { size } : {}) }], { paymentMethod: 'CashOnDelivery' }),
    );
    expect(
      (await postReview(product.id, { rating: 5, comment: 'Arrived?' }, authHeader(token))).statusCode,
    ).toBe(201);
    expect((await page(product.id)).reviews[0]?.verifiedPurchase).toBe(false);

    const delivered = await call('PUT', `/api/orders/${order._id}/deliver`, await auth(admin));
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect((await page(product.id)).reviews[0]?.verifiedPurchase).toBe(true);
    expect((await detail(product.id)).reviews[0]?.verifiedPurchase).toBe(true);
  });
});

describe('photos', () => {
  it('takes up to 4 photos with a multipart review, stored like product images with variants', async () => {
    const product = await createProduct(t.db, { sellerId: seller.id });
    const buyer = await createUser(t.db);
    const files = await Promise.all(
      [0, 1, 2, 3].map(async (i) => ({ data: await png(i), type: 'image/png' })),
    );
    const res = await multipart(
      'POST',
      `/api/products/${product.id}/reviews`,
      await auth(buyer),
      {
        rating: 5,
        comment: 'See for yourself',
      },
      files,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: REVIEW_MSG.added });
    const [shown] = (await detail(product.id)).reviews;
    expect(shown?.images).toHaveLength(4);
    for (const url of shown?.images ?? []) {
      expect(url).toMatch(/^\/uploads\/reviews\/[0-9a-f-]{36}\/[0-9a-f-]{36}-original\.webp$/);
      const original = await call('GET', url);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/webp');
      expect((await call('GET', variantUrl(url, 'thumbnail'))).statusCode).toBe(200);
    }
  });

  it('refuses a fifth photo and a file that is not an image (400), storing nothing', async () => {
    const product = await createProduct(t.db, { sellerId: seller.id });
    const buyer = await createUser(t.db);
    const body = { rating: 4, comment: 'Too many' };
    const five = await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => ({ data: await png(i), type: 'image/png' })),
    );
    const tooMany = await multipart(
      'POST',
      `/api/products/${product.id}/reviews`,
      await auth(buyer),
      body,
      five,
    );
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: REVIEW_WRITE_MSG.tooManyImages, code: 'invalid_input' });

    const text = { data: Buffer.from('just some text, not a picture'), type: 'image/png', name: 'fake.png' };
    const notImage = await multipart('POST', `/api/products/${product.id}/reviews`, await auth(buyer), body, [
      { data: await png(), type: 'image/png' },
      text,
    ]);
    expect(notImage.statusCode, notImage.body).toBe(400);
    expect(notImage.json()).toMatchObject({
      message: REVIEW_WRITE_MSG.notAnImage,
      errors: [{ path: 'images.1', message: REVIEW_WRITE_MSG.notAnImage }],
    });
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);

    // The JSON is checked by the same schema as a JSON body; a missing `review` field is named.
    const bad = await multipart(
      'POST',
      `/api/products/${product.id}/reviews`,
      await auth(buyer),
      { rating: 9 },
      [],
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(REVIEW_MSG.rating);
    // A JSON body cannot smuggle photo links.
    const links = await postReview(
      product.id,
      { ...body, images: ['/uploads/x-original.webp'] },
      await auth(buyer),
    );
    expect(links.statusCode).toBe(400);
  });

  it('lets the author keep, drop and add photos when editing (4 in all)', async () => {
    const product = await createProduct(t.db, { sellerId: seller.id });
    const buyer = await createUser(t.db);
    const two = await Promise.all([0, 1].map(async (i) => ({ data: await png(i), type: 'image/png' })));
    expect(
      (
        await multipart(
          'POST',
          `/api/products/${product.id}/reviews`,
          await auth(buyer),
          { rating: 4, comment: 'Two' },
          two,
        )
      ).statusCode,
    ).toBe(201);
    const mine = (await page(product.id, await auth(buyer))).mine;
    if (!mine) throw new Error('mine');
    const [keep, drop] = mine.images as [string, string];

    // Keeping 1 and adding 4 is 5: refused.
    const four = await Promise.all(
      [2, 3, 4, 5].map(async (i) => ({ data: await png(i), type: 'image/png' })),
    );
    const over = await multipart(
      'PUT',
      `/api/reviews/${mine._id}`,
      await auth(buyer),
      { rating: 4, comment: 'x', images: [keep] },
      four,
    );
    expect(over.statusCode).toBe(400);

    const res = await multipart(
      'PUT',
      `/api/reviews/${mine._id}`,
      await auth(buyer),
      { rating: 3, comment: 'One kept, one new', images: [keep] },
      four.slice(0, 1),
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited = reviewItemSchema.parse(res.json());
    expect(edited.images).toHaveLength(2);
    expect(edited.images[0]).toBe(keep);
    expect(edited.images).not.toContain(drop);
    // The dropped photo is gone from storage, the kept one is still there.
    expect((await call('GET', drop)).statusCode).toBe(404);
    expect((await call('GET', keep)).statusCode).toBe(200);
    expect(await t.db.select().from(reviewImages).where(eq(reviewImages.reviewId, mine._id))).toHaveLength(2);

    // A link that is not one of this review's photos is refused; JSON without `images` keeps them all.
    const foreign = await call('PUT', `/api/reviews/${mine._id}`, await auth(buyer), {
      rating: 3,
      comment: 'x',
      images: ['/uploads/products/x/y-original.webp'],
    });
    expect(foreign.statusCode).toBe(400);
    const kept = await call('PUT', `/api/reviews/${mine._id}`, await auth(buyer), {
      rating: 2,
      comment: 'Text only',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().images).toEqual(edited.images);
  });
});

describe('one review per person, changed only by its author', () => {
  it('answers 404 to anybody else editing or deleting it, Admin included', async () => {
    const { product, buyers } = await reviewed();
    const [author, other] = buyers as [TestUser, TestUser];
    const id = await reviewIdOf(product.id, author.id);
    for (const who of [other, admin, seller]) {
      const h = await auth(who);
      expect(
        (await call('PUT', `/api/reviews/${id}`, h, { rating: 1, comment: 'Mine now' })).statusCode,
      ).toBe(404);
      expect((await call('DELETE', `/api/reviews/${id}`, h)).statusCode).toBe(404);
    }
    expect((await call('PUT', `/api/reviews/${id}`, {}, { rating: 1, comment: 'x' })).statusCode).toBe(401);
    expect(
      (await call('PUT', `/api/reviews/nope`, await auth(author), { rating: 1, comment: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/reviews/${id}`, await auth(author), { rating: 0, comment: 'x' })).statusCode,
    ).toBe(400);
    expect(await productRow(product.id)).toMatchObject({ rating: '4.67', numReviews: 3 });
    // A second review is still 409.
    expect((await postReview(product.id, { rating: 1, comment: 'x' }, await auth(author))).statusCode).toBe(
      409,
    );
  });
});

describe('helpful votes', () => {
  it('counts one vote per person, never the author’s, and can be taken back', async () => {
    const { product, buyers } = await reviewed();
    const [author, a, b] = buyers as [TestUser, TestUser, TestUser];
    const id = await reviewIdOf(product.id, author.id);
    const vote = async (u: TestUser, method: 'POST' | 'DELETE' = 'POST') =>
      call(method, `/api/reviews/${id}/helpful`, await auth(u));

    const own = await vote(author);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(REVIEW_WRITE_MSG.ownVote);
    expect(helpfulSchema.parse((await vote(a)).json())).toEqual({ helpfulCount: 1, votedHelpful: true });
    expect((await vote(a)).json()).toEqual({ helpfulCount: 1, votedHelpful: true });
    // Ten at once by ten people: exact.
    const many = await Promise.all(Array.from({ length: 10 }, () => createUser(t.db)));
    const answers = await Promise.all(many.map(async (u) => vote(u)));
    expect(answers.map((r) => r.statusCode)).toEqual(many.map(() => 200));
    expect((await vote(b)).json()).toEqual({ helpfulCount: 12, votedHelpful: true });
    expect((await vote(a, 'DELETE')).json()).toEqual({ helpfulCount: 11, votedHelpful: false });
    expect((await vote(a, 'DELETE')).json()).toEqual({ helpfulCount: 11, votedHelpful: false });
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row?.helpfulCount).toBe(11);

    expect((await call('POST', `/api/reviews/${id}/helpful`)).statusCode).toBe(401);
    expect(
      (await call('POST', `/api/reviews/00000000-0000-4000-8000-000000000000/helpful`, await auth(a)))
        .statusCode,
    ).toBe(404);
    // A hidden review cannot be voted on.
    await call('PUT', `/api/reviews/${id}/hide`, await auth(admin), { reason: 'Spam' });
    expect((await vote(b, 'DELETE')).statusCode).toBe(404);
  });
});

describe('hiding', () => {
  it('needs Admin and a reason', async () => {
    const { product, buyers } = await reviewed();
    const id = await reviewIdOf(product.id, buyers[0]?.id ?? '');
    for (const who of [buyers[1] as TestUser, seller]) {
      expect(
        (await call('PUT', `/api/reviews/${id}/hide`, await auth(who), { reason: 'Mine' })).statusCode,
      ).toBe(403);
      expect((await call('PUT', `/api/reviews/${id}/unhide`, await auth(who))).statusCode).toBe(403);
    }
    expect((await call('PUT', `/api/reviews/${id}/hide`, {}, { reason: 'x' })).statusCode).toBe(401);
    const h = await auth(admin);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const res = await call('PUT', `/api/reviews/${id}/hide`, h, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await call('PUT', `/api/reviews/${id}/hide`, h, {})).json().message).toBe(
      REVIEW_WRITE_MSG.reasonRequired,
    );
    expect(await productRow(product.id)).toMatchObject({ numReviews: 3 });
    const ok = await call('PUT', `/api/reviews/${id}/hide`, h, { reason: '  Contains a phone number ' });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row).toMatchObject({ hiddenReason: 'Contains a phone number', hiddenBy: admin.id });
    expect(row?.hiddenAt).toBeInstanceOf(Date);
    expect(
      (await call('PUT', `/api/reviews/00000000-0000-4000-8000-000000000000/hide`, h, { reason: 'x' }))
        .statusCode,
    ).toBe(404);
  });
});
