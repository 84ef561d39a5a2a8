import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinStateCode, isValidGstin, stateCodeOfName } from '#shared/gst.ts';
import { variantUrl } from '#shared/images.ts';
import { sizeChartBody } from '#shared/schemas/size-chart.ts';
import { sizeCoverage } from '#shared/size-charts.ts';
import {
  categories,
  categoryMarkups,
  ledgerEntries,
  payoutAccounts,
  productDiscounts,
  productImages,
  productVariants,
  products,
  reviews,
  roles,
  shops,
  sizeCharts,
  userRoles,
  users,
} from '../../src/server/db/schema/index.ts';
import { DEMO_PASSWORD, seedIfEmpty } from '../../src/server/db/seed/demo.ts';
import { DEMO_SIZE_CHART } from '../../src/server/db/seed/size-charts.ts';
import { unpaidEntries } from '../../src/server/modules/settlements/payouts.repo.ts';
import { verifyPassword } from '../../src/server/lib/password.ts';
import { keyOfPublicUrl, LocalStorage, uploadsDir } from '../../src/server/lib/storage.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

let t: TestContext;
let storage: LocalStorage;
let firstRuns: boolean[];

beforeAll(async () => {
  t = await createTestApp();
  storage = new LocalStorage(uploadsDir(t.config.dataDir));
  // Two processes starting at once on an empty database: exactly one seeds.
  firstRuns = await Promise.all([
    seedIfEmpty(t.db, { dataDir: t.config.dataDir }),
    seedIfEmpty(t.db, { dataDir: t.config.dataDir }),
  ]);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** docs/product/screens.md "Category tree (top levels)". */
const SPEC_TREE: Record<string, string[]> = {
  'Fashion & Accessories': [
    'Women Bags',
    'Women Shoes',
    'Women Clothes',
    'Men Bags',
    'Men Clothes',
    'Men Shoes',
    'Fashion Accessories',
    'Muslim Fashion',
    'Baby & Kids Fashion',
    'Watches',
  ],
  'Electronics & Gadgets': [
    'Mobile & Gadgets',
    'Computers & Accessories',
    'Gaming & Consoles',
    'Cameras & Drones',
    'Audio',
  ],
  'Home & Living': ['Home & Living', 'Home Appliances'],
  'Food & Beverage': [],
  'Sports & Outdoors': [],
  'Crafts & Books': ['Hobbies & Collections', 'Books & Magazines', 'Stationery'],
};

const EXPECTED_ACCOUNTS: Record<string, { role: string; active: boolean }> = {
  'admin@haat.test': { role: 'Admin', active: true },
  'seller@haat.test': { role: 'Seller-Company', active: true },
  'seller2@haat.test': { role: 'Seller-Individual', active: true },
  'pending@haat.test': { role: 'Seller-Individual', active: false },
  'buyer@haat.test': { role: 'Buyer', active: true },
  'buyer2@haat.test': { role: 'Buyer', active: true },
  'distributor@haat.test': { role: 'Distributor', active: true },
  'auditor@haat.test': { role: 'Auditor', active: true },
};

async function accounts() {
  return t.db
    .select({ user: users, role: roles.name })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId));
}

describe('seedIfEmpty', () => {
  it('seeds once when two start together, and never again', async () => {
    expect([...firstRuns].sort()).toEqual([false, true]);
    expect(await seedIfEmpty(t.db, { dataDir: t.config.dataDir })).toBe(false);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(row?.n).toBe(8);
  });
});

describe('demo accounts', () => {
  it('are the eight of docs/product/deployment-safety.md#demo-shop, with their roles, active flags and password', async () => {
    const rows = await accounts();
    expect(rows).toHaveLength(8);
    const byEmail = Object.fromEntries(
      rows.map((r) => [r.user.email, { role: r.role, active: r.user.active }]),
    );
    expect(byEmail).toEqual(EXPECTED_ACCOUNTS);
    for (const { user } of rows) {
      expect(await verifyPassword(DEMO_PASSWORD, user.passwordHash), user.email).toBe(true);
      expect(await verifyPassword('demo@12345', user.passwordHash), user.email).toBe(false);
    }
  });

  it('look like real Indian customers', async () => {
    for (const { user, role } of await accounts()) {
      expect(user.country).toBe('India');
      expect(user.currency).toBe('INR');
      expect(user.phone, user.email).toMatch(/^[6-9]\d{9}$/);
      expect(user.postalCode, user.email).toMatch(/^[1-9]\d{5}$/);
      expect(user.state.length).toBeGreaterThan(2);
      expect(user.city.length).toBeGreaterThan(2);
      expect(user.address.length).toBeGreaterThan(5);
      expect(user.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      if (role.startsWith('Seller')) {
        expect(user.bankAccount, user.email).toMatch(/^\d{9,18}$/);
        expect(user.identifyProof).toBeTruthy();
        expect(user.identifyProofNumber).toBeTruthy();
        expect(user.verificationDocs.length).toBeGreaterThan(0);
      }
    }
    // Each seller's GSTIN is valid and issued in the state of its address.
    for (const { user } of (await accounts()).filter((r) => r.role.startsWith('Seller'))) {
      const gstin = user.businessRegistrationCode ?? '';
      expect(isValidGstin(gstin), user.email).toBe(true);
      expect(gstinStateCode(gstin), user.email).toBe(stateCodeOfName(user.state));
    }
    // The demo buyers show both splits: Jaipur buys within Kavya's state, Bengaluru across states.
    const stateOf = async (email: string) =>
      stateCodeOfName((await accounts()).find((r) => r.user.email === email)!.user.state);
    expect(await stateOf('buyer2@haat.test')).toBe(await stateOf('seller@haat.test'));
    expect(await stateOf('buyer@haat.test')).not.toBe(await stateOf('seller@haat.test'));
  });

  it("keep sellers' KYC documents private: in storage, never at a public URL", async () => {
    const sellers = (await accounts()).filter((r) => r.role.startsWith('Seller'));
    for (const { user } of sellers) {
      for (const key of user.verificationDocs) {
        expect(key).not.toMatch(/^\/|^https?:/);
        const file = await t.app.storage.get(key);
        expect(file?.visibility).toBe('private');
        expect(file?.contentType).toBe('image/png');
        const res = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
        expect(res.statusCode).toBe(404);
      }
    }
  });

  it('give the two active sellers their shops, with a picture and banner that are served', async () => {
    const rows = await t.db
      .select({ shop: shops, email: users.email })
      .from(shops)
      .innerJoin(users, eq(users.id, shops.userId));
    expect(Object.fromEntries(rows.map((r) => [r.email, r.shop.shopName]))).toEqual({
      'seller@haat.test': 'Kavya Textiles',
      'seller2@haat.test': 'Meera Handlooms',
    });
    for (const { shop } of rows) {
      for (const url of [shop.shopPicture, shop.shopBanner]) {
        const res = await t.app.inject({ method: 'GET', url: url ?? '' });
        expect(res.statusCode, url ?? '').toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
      }
    }
  });
});

describe('categories', () => {
  it('hold every top level and sub-category of docs/product/screens.md, up to five levels, each row with HSN and GST', async () => {
    const rows = await t.db.select().from(categories);
    expect(rows.length).toBeGreaterThan(100);
    for (const [top, subs] of Object.entries(SPEC_TREE)) {
      const under = rows.filter((r) => r.category === top);
      expect(under.length, top).toBeGreaterThan(0);
      const present = new Set(under.map((r) => r.subCategory));
      for (const sub of subs) expect(present.has(sub), `${top} > ${sub}`).toBe(true);
    }
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(Object.keys(SPEC_TREE)));
    for (const r of rows) {
      expect(r.hsn, r.subCategory).toMatch(/^\d{4}$/);
      expect(['0.00', '3.00', '5.00', '12.00', '18.00', '28.00']).toContain(r.tax);
      // No gaps: a level is only set when the one above it is.
      if (r.levelFiveCategory) expect(r.levelFourCategory).toBeTruthy();
      if (r.levelFourCategory) expect(r.levelThreeCategory).toBeTruthy();
    }
    const path = (r: (typeof rows)[number]) =>
      [r.category, r.subCategory, r.levelThreeCategory, r.levelFourCategory, r.levelFiveCategory]
        .filter(Boolean)
        .join(' > ');
    const paths = new Map(rows.map((r) => [path(r), r]));
    expect(paths.get('Fashion & Accessories > Men Clothes > Topwear > T-Shirts > Round Neck')?.hsn).toBe(
      '6109',
    );
    expect(paths.get('Crafts & Books > Books & Magazines > Books > Fiction > Indian Fiction')?.tax).toBe(
      '0.00',
    );
    expect(rows.filter((r) => r.levelFiveCategory).length).toBeGreaterThan(10);
    // Apparel under 61/62/63 and footwear 6403, where the 5 %/12 % rule of docs/product/pricing-and-tax.md applies.
    const hsns = new Set(rows.map((r) => r.hsn));
    for (const h of [
      '6109',
      '6203',
      '6204',
      '6302',
      '6403',
      '4202',
      '9102',
      '8517',
      '8471',
      '8518',
      '8525',
      '9504',
      '4901',
      '4820',
      '9506',
    ]) {
      expect(hsns.has(h), h).toBe(true);
    }
  });

  it('have one markup per top-level category', async () => {
    const markups = await t.db.select().from(categoryMarkups);
    expect(new Set(markups.map((m) => m.uniqueCategoryName))).toEqual(new Set(Object.keys(SPEC_TREE)));
    for (const m of markups) {
      expect(Number(m.percentageMarkup)).toBeGreaterThanOrEqual(5);
      expect(Number(m.percentageMarkup)).toBeLessThanOrEqual(20);
    }
  });
});

describe('products', () => {
  async function all() {
    return t.db
      .select({ product: products, category: categories, shop: shops, seller: users.email })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(users, eq(users.id, products.userId))
      .leftJoin(shops, eq(shops.id, products.shopId));
  }

  it('list at least 60 active products across categories and both sellers, plus a few inactive', async () => {
    const rows = await all();
    const active = rows.filter((r) => r.product.status);
    expect(active.length).toBeGreaterThanOrEqual(60);
    expect(rows.length - active.length).toBeGreaterThanOrEqual(2);
    expect(new Set(active.map((r) => r.category.category))).toEqual(new Set(Object.keys(SPEC_TREE)));
    const bySeller = (email: string) => active.filter((r) => r.seller === email).length;
    expect(bySeller('seller@haat.test')).toBeGreaterThan(10);
    expect(bySeller('seller2@haat.test')).toBeGreaterThan(10);
    expect(rows.every((r) => ['seller@haat.test', 'seller2@haat.test'].includes(r.seller))).toBe(true);
    const names = active.map((r) => r.product.name).join(' | ');
    for (const word of ['Kurta', 'T-Shirt', 'Saree', 'Shirt', 'Jeans', 'Shoes', 'Bag', 'Watch']) {
      expect(names, word).toContain(word);
    }
    expect(active.filter((r) => r.product.countInStock === 0).length).toBeGreaterThanOrEqual(3);
  });

  it('carry brand, description, INR price, sizes by category, the category markup and the seller shop', async () => {
    const markups = new Map(
      (await t.db.select().from(categoryMarkups)).map((m) => [m.uniqueCategoryName, m.percentageMarkup]),
    );
    const rows = await all();
    for (const { product: p, category, shop, seller } of rows) {
      expect(p.brand.length, p.name).toBeGreaterThan(1);
      const sentences = p.description.split(/[.!?](?:\s|$)/).filter((s) => s.trim().length > 0);
      expect(sentences.length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.price).toMatch(/^\d+\.\d{2}$/);
      expect(Number(p.price)).toBeGreaterThan(0);
      expect(p.currency).toBe('INR');
      expect(p.percentageMarkup, p.name).toBe(markups.get(category.category));
      expect(shop?.userId, p.name).toBe(p.userId);
      expect(shop?.shopName).toBe(seller === 'seller@haat.test' ? 'Kavya Textiles' : 'Meera Handlooms');
      expect(p.sizes.length, p.name).toBeGreaterThan(0);
      if (/Shoes|Footwear/.test(category.subCategory + (category.levelThreeCategory ?? ''))) {
        expect(p.sizes, p.name).toEqual(['6', '7', '8', '9', '10']);
      } else if (category.subCategory.endsWith('Clothes')) {
        const clothes = ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL', '7XL', 'N/A'];
        expect(
          p.sizes.every((s) => clothes.includes(s)),
          p.name,
        ).toBe(true);
      } else if (/Electronics|Home|Food|Crafts/.test(category.category)) {
        expect(p.sizes, p.name).toEqual(['N/A']);
      }
    }
    // Some descriptions are long enough to collapse at 8 lines on the product page.
    expect(rows.filter((r) => r.product.description.length > 600).length).toBeGreaterThanOrEqual(5);
  });

  it('have their stock in variants: one per size, and every size in every colour for a few t-shirts', async () => {
    const rows = await all();
    const variants = await t.db.select().from(productVariants).orderBy(productVariants.position);
    for (const { product: p } of rows) {
      const own = variants.filter((v) => v.productId === p.id);
      const colours = [...new Set(own.flatMap((v) => (v.colour ? [v.colour] : [])))];
      // The products row's derived columns agree with its variants.
      expect(
        own.reduce((n, v) => n + v.countInStock, 0),
        p.name,
      ).toBe(p.countInStock);
      expect([...new Set(own.map((v) => v.size))], p.name).toEqual(p.sizes);
      expect(p.colours, p.name).toEqual(colours);
      expect(own, p.name).toHaveLength(p.sizes.length * Math.max(1, colours.length));
    }
    const colourful = rows.filter((r) => r.product.colours.length > 0);
    expect(colourful.map((r) => r.product.name).sort()).toEqual([
      'Classic Round Neck T-Shirt',
      'Pique Polo T-Shirt',
      "Women's Round Neck T-Shirt",
    ]);
    expect(colourful.find((r) => r.product.name === 'Classic Round Neck T-Shirt')?.product.colours).toEqual([
      'Black',
      'White',
      'Navy',
    ]);
  });

  it('each have 1–2 images whose original, thumbnail and medium WebP files exist', async () => {
    const images = await t.db.select().from(productImages);
    const productIds = (await t.db.select({ id: products.id }).from(products)).map((p) => p.id);
    const perProduct = new Map<string, number>();
    for (const img of images) perProduct.set(img.productId, (perProduct.get(img.productId) ?? 0) + 1);
    for (const id of productIds) {
      expect(perProduct.get(id) ?? 0, id).toBeGreaterThanOrEqual(1);
      expect(perProduct.get(id) ?? 0, id).toBeLessThanOrEqual(2);
    }
    expect([...perProduct.values()].some((n) => n === 2)).toBe(true);

    for (const img of images) {
      expect(img.url).toMatch(new RegExp(`^/uploads/products/${img.productId}/[0-9a-f-]+-original\\.webp$`));
      for (const url of [img.url, variantUrl(img.url, 'thumbnail'), variantUrl(img.url, 'medium')]) {
        const file = await storage.get(keyOfPublicUrl(url) ?? '');
        expect(file?.visibility, url).toBe('public');
        expect(file?.contentType).toBe('image/webp');
      }
    }

    // And they are served, at the sizes docs/product/api.md#resources names.
    const sample = images[0];
    if (!sample) throw new Error('no images');
    for (const [variant, width] of [
      ['thumbnail', 300],
      ['medium', 800],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: variantUrl(sample.url, variant) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(width);
    }
  });
});

describe('discounts and reviews', () => {
  it('have active discounts of both kinds ending in the future, one behind the coupon WELCOME10', async () => {
    const rows = await t.db
      .select({ d: productDiscounts, price: products.price })
      .from(productDiscounts)
      .innerJoin(products, eq(products.id, productDiscounts.productId));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.d.discountUnit))).toEqual(new Set(['percentage', 'amount']));
    const soon = Date.now() + 7 * 86_400_000;
    for (const { d, price } of rows) {
      expect(d.activate).toBe(true);
      expect(d.validUntil.getTime()).toBeGreaterThan(soon);
      if (d.discountUnit === 'amount') expect(Number(d.discountValue)).toBeLessThan(Number(price));
      else expect(Number(d.discountValue)).toBeLessThan(100);
    }
    const coupons = rows.filter((r) => r.d.couponCode !== null);
    expect(coupons).toHaveLength(1);
    expect(coupons[0]?.d).toMatchObject({
      couponCode: 'WELCOME10',
      discountUnit: 'percentage',
      discountValue: '10.00',
    });
  });

  it('keep rating and numReviews exact for every product', async () => {
    const all = await t.db.select().from(reviews);
    expect(all.length).toBeGreaterThanOrEqual(10);
    const [buyer] = await t.db.select().from(users).where(eq(users.email, 'buyer@haat.test'));
    expect(all.filter((r) => r.userId === buyer?.id).length).toBeGreaterThanOrEqual(3);
    expect(new Set(all.map((r) => r.userId)).size).toBeGreaterThanOrEqual(3);

    const byProduct = new Map<string, number[]>();
    for (const r of all) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.rating]);
    for (const p of await t.db.select().from(products)) {
      const ratings = byProduct.get(p.id) ?? [];
      expect(p.numReviews, p.name).toBe(ratings.length);
      // Exact average to two decimals, half up, computed in integers.
      const sum = ratings.reduce((a, b) => a + b, 0);
      const hundredths = ratings.length ? Math.floor((sum * 200 + ratings.length) / (2 * ratings.length)) : 0;
      expect(p.rating, p.name).toBe((hundredths / 100).toFixed(2));
    }
    expect([...byProduct.values()].some((r) => r.length >= 3)).toBe(true);
  });

  it("give two of the seller's kurtas a valid size chart of that seller", async () => {
    const charts = await t.db.select().from(sizeCharts);
    expect(charts).toHaveLength(1);
    const [chart] = charts;
    const [seller] = await t.db.select().from(users).where(eq(users.email, 'seller@haat.test'));
    expect(chart?.sellerId).toBe(seller?.id);
    expect(sizeChartBody.safeParse(chart).success).toBe(true);
    const using = await t.db
      .select()
      .from(products)
      .where(eq(products.sizeChartId, chart?.id ?? ''));
    expect(using.map((p) => p.name).sort()).toEqual([...DEMO_SIZE_CHART.products].sort());
    for (const p of using) {
      expect(p.userId).toBe(seller?.id);
      expect(sizeCoverage(chart?.rows.map((r) => r.size) ?? [], p.sizes).missing, p.name).toEqual([]);
    }
  });
});

describe('seller money', () => {
  it("gives Kavya a verified bank account and a payable balance, some on hold; Meera's UPI id waits", async () => {
    const sellerId = async (email: string) =>
      (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
    const [kavya, meera] = [await sellerId('seller@haat.test'), await sellerId('seller2@haat.test')];
    const accounts = await t.db.select().from(payoutAccounts);
    const k = accounts.find((a) => a.sellerId === kavya)!;
    expect([k.method, k.status, k.ifsc, k.pan, k.accountNumber?.length]).toEqual([
      'bank',
      'verified',
      'HDFC0001234',
      'AABCK4821M',
      12,
    ]);
    const m = accounts.find((a) => a.sellerId === meera)!;
    expect([m.method, m.status, m.vpa, m.pan]).toEqual([
      'upi',
      'unverified',
      'meera.handlooms@okicici',
      'BKMPI6421L',
    ]);

    const entries = await unpaidEntries(t.db, new Date(), kavya);
    const kinds = new Set(
      (await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.sellerId, kavya))).map((e) => e.kind),
    );
    expect(kinds).toEqual(
      new Set(['sale', 'sale_gst', 'commission', 'commission_gst', 'tcs', 'tds', 'adjustment']),
    );
    const sum = (bucket: string) =>
      entries.filter((e) => e.bucket === bucket).reduce((n, e) => n + e.amount, 0);
    expect(sum('payable')).toBeGreaterThan(15_000); // the delivered order and the ₹150.00 adjustment
    expect(sum('on_hold')).toBeGreaterThan(0);
    expect(entries.filter((e) => e.bucket === 'pending')).toEqual([]);
    const meeraEntries = await unpaidEntries(t.db, new Date(), meera);
    expect(new Set(meeraEntries.map((e) => e.bucket))).toEqual(new Set(['on_hold']));
  });
});
