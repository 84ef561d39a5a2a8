import { randomUUID } from 'node:crypto';
import { count, inArray, sql } from 'drizzle-orm';
import type { RoleName } from '#shared/roles.ts';
import { variantsFromGrid } from '#shared/variants.ts';
import type { Database, Queryable } from '../client.ts';
import {
  categories,
  categoryMarkups,
  productDiscounts,
  productImages,
  products,
  reviews,
  roles,
  shops,
  uploads,
  userRoles,
  users,
} from '../schema/index.ts';
import { insertVariants } from '../../modules/catalog/variant.repo.ts';
import { seedSellerMoney } from './settlements.ts';
import { seedSizeCharts } from './size-charts.ts';
import { storeProductImage } from '../../lib/images.ts';
import { hashPassword } from '../../lib/password.ts';
import { LocalStorage, uploadsDir, type Storage } from '../../lib/storage.ts';
import { renderKycDocument, renderProductImage, renderShopImage } from './art.ts';
import { CATEGORY_MARKUPS, categoryPathOf, categoryRows } from './categories.ts';
import { DEMO_DISCOUNTS, DEMO_PRODUCTS, DEMO_REVIEWS, type Reviewer } from './products.ts';

/** The password of every demo account (docs/product/deployment-safety.md#demo-shop; README lists the accounts). */
export const DEMO_PASSWORD = 'Demo@12345';

type AccountKey = 'admin' | 'kavya' | 'meera' | 'pending' | 'buyer2' | Reviewer;

type DemoAccount = {
  key: AccountKey;
  email: string;
  role: RoleName;
  active: boolean;
  name: string;
  phone: string;
  address: string;
  state: string;
  city: string;
  postalCode: string;
  businessRegistrationCode?: string;
  bankAccount?: string;
  identifyProof?: string;
  identifyProofNumber?: string;
  shop?: { name: string; colour: string };
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'admin',
    email: 'admin@haat.test',
    role: 'Admin',
    active: true,
    name: 'Aarav Mehta',
    phone: '9820012345',
    address: '14, Marine Drive, Churchgate',
    state: 'Maharashtra',
    city: 'Mumbai',
    postalCode: '400020',
  },
  {
    key: 'kavya',
    email: 'seller@haat.test',
    role: 'Seller-Company',
    active: true,
    name: 'Kavya Sharma',
    phone: '9414056789',
    address: 'B-27, Johari Bazaar',
    state: 'Rajasthan',
    city: 'Jaipur',
    postalCode: '302003',
    // GSTIN: state code 08 (Rajasthan, as the address), the company's PAN, entity 1, Z, check character.
    businessRegistrationCode: '08AABCK4821M1ZD',
    bankAccount: '50100234567891',
    identifyProof: 'Pan Card',
    identifyProofNumber: 'AABCK4821M',
    shop: { name: 'Kavya Textiles', colour: '#a93226' },
  },
  {
    key: 'meera',
    email: 'seller2@haat.test',
    role: 'Seller-Individual',
    active: true,
    name: 'Meera Iyer',
    phone: '9445023456',
    address: '42, Gandhi Road',
    state: 'Tamil Nadu',
    city: 'Kanchipuram',
    postalCode: '631501',
    // A proprietor registered for GST: state code 33 (Tamil Nadu), her PAN (P for a person), 1, Z, check.
    businessRegistrationCode: '33BKMPI6421L1Z0',
    bankAccount: '31245678901',
    identifyProof: 'Aadhar Card',
    identifyProofNumber: '567890123456',
    shop: { name: 'Meera Handlooms', colour: '#1e8449' },
  },
  {
    key: 'pending',
    email: 'pending@haat.test',
    role: 'Seller-Individual',
    active: false,
    name: 'Rohan Das',
    phone: '9831045678',
    address: '7/1, Gariahat Road',
    state: 'West Bengal',
    city: 'Kolkata',
    postalCode: '700019',
    // State code 19 (West Bengal) and the PAN he gave as identity proof.
    businessRegistrationCode: '19BQRPD5678K1ZZ',
    bankAccount: '00451000123456',
    identifyProof: 'Pan Card',
    identifyProofNumber: 'BQRPD5678K',
  },
  {
    key: 'buyer',
    email: 'buyer@haat.test',
    role: 'Buyer',
    active: true,
    name: 'Priya Nair',
    phone: '9886034567',
    address: '221, 12th Main, Indiranagar',
    state: 'Karnataka',
    city: 'Bengaluru',
    postalCode: '560038',
  },
  {
    // Shops in Jaipur, like Kavya Textiles: her lines are intra-state (CGST + SGST), Meera's from Tamil
    // Nadu inter-state (IGST). Priya in Karnataka pays IGST to both (docs/product/gst-and-invoices.md).
    key: 'buyer2',
    email: 'buyer2@haat.test',
    role: 'Buyer',
    active: true,
    name: 'Rahul Verma',
    phone: '9829045678',
    address: 'C-45, Malviya Nagar',
    state: 'Rajasthan',
    city: 'Jaipur',
    postalCode: '302017',
  },
  {
    key: 'distributor',
    email: 'distributor@haat.test',
    role: 'Distributor',
    active: true,
    name: 'Vikram Singh',
    phone: '9810067890',
    address: 'Plot 18, Okhla Industrial Area Phase II',
    state: 'Delhi',
    city: 'New Delhi',
    postalCode: '110020',
  },
  {
    key: 'auditor',
    email: 'auditor@haat.test',
    role: 'Auditor',
    active: true,
    name: 'Ananya Rao',
    phone: '9849078901',
    address: '8-2-293, Road No. 12, Banjara Hills',
    state: 'Telangana',
    city: 'Hyderabad',
    postalCode: '500034',
  },
];

const CLOTHES_SIZES = ['S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES = ['6', '7', '8', '9', '10'];

/** Sizes by category when a product names none (docs/product/messages.md: clothes S…7XL, shoes 6–10, else N/A). */
function defaultSizes(path: string): string[] {
  if (/Shoes|Footwear/.test(path)) return SHOE_SIZES;
  if (/Clothes|Muslim Fashion|Kids Fashion|Sportswear/.test(path)) return CLOTHES_SIZES;
  return ['N/A'];
}

/** Run `fn` over `items`, at most `limit` at a time (image work is CPU bound: keep both cores busy, no more). */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export type SeedOptions = {
  dataDir: string;
  /** Where pictures go; LocalStorage on `DATA_DIR/uploads` when not given. */
  storage?: Storage;
  now?: Date;
};

/** Key of the advisory lock that makes two processes starting together seed once. */
const SEED_LOCK = 724243;

/**
 * Seed the demo shop when the database has no users yet; returns true when it seeded. Safe when several
 * processes start at once: the check and the seed happen in one transaction under an advisory lock, so
 * the second process waits, then sees the users and does nothing.
 */
export async function seedIfEmpty(db: Database, opts: SeedOptions): Promise<boolean> {
  // Another process may be seeding: wait for it by trying the lock again rather than blocking on it, so
  // no single statement outlives the pool's statement timeout while the other seed runs (ADR 0016).
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [lock] = await tx
        .execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${SEED_LOCK}) as locked`)
        .then((r) => r.rows);
      if (!lock?.locked) return 'busy' as const;
      // The seed draws its pictures between statements, which takes long on a busy machine: the pool's
      // idle-in-transaction limit (ADR 0016) is for requests, not for this one-off transaction.
      await tx.execute(sql`select set_config('idle_in_transaction_session_timeout', '0', true)`);
      const [row] = await tx.select({ n: count() }).from(users);
      if ((row?.n ?? 0) > 0) return false;
      await seedDemo(tx, opts);
      return true;
    });
    if (outcome !== 'busy') return outcome;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Create the demo shop (docs/product/deployment-safety.md#demo-shop). Expects a database without the demo accounts. Run it in a
 * transaction: if anything fails, the files it stored are deleted again and the error is rethrown.
 */
export async function seedDemo(db: Queryable, opts: SeedOptions): Promise<void> {
  const target = opts.storage ?? new LocalStorage(uploadsDir(opts.dataDir));
  const written: string[] = [];
  const storage: Storage = {
    put: async (key, data, contentType, visibility) => {
      written.push(key);
      await target.put(key, data, contentType, visibility);
    },
    get: (key) => target.get(key),
    delete: (key) => target.delete(key),
    publicUrl: (key) => target.publicUrl(key),
  };
  try {
    await seedInto(db, storage, opts.now ?? new Date());
  } catch (err) {
    await Promise.allSettled(written.map((key) => target.delete(key)));
    throw err;
  }
}

async function seedInto(db: Queryable, storage: Storage, now: Date): Promise<void> {
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);

  // ——— Accounts, roles, shops, KYC documents ———
  const roleRows = await db.select().from(roles);
  const roleId = new Map(roleRows.map((r) => [r.name, r.id]));
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => hashPassword(DEMO_PASSWORD)));
  const userId = new Map<AccountKey, string>(DEMO_ACCOUNTS.map((a) => [a.key, randomUUID()]));
  const idOf = (key: AccountKey) => userId.get(key) as string;

  const kycDocs = new Map<AccountKey, string[]>();
  const uploadRows: (typeof uploads.$inferInsert)[] = [];
  for (const a of DEMO_ACCOUNTS.filter((x) => x.identifyProof)) {
    const data = await renderKycDocument(a.shop?.colour ?? '#5d6d7e');
    const key = `kyc/${idOf(a.key)}/${randomUUID()}.png`;
    await storage.put(key, data, 'image/png', 'private');
    kycDocs.set(a.key, [key]);
    uploadRows.push({
      ownerId: idOf(a.key),
      kind: 'verification-doc',
      storageKey: key,
      contentType: 'image/png',
      size: data.length,
    });
  }

  await db.insert(users).values(
    DEMO_ACCOUNTS.map((a, i) => ({
      id: idOf(a.key),
      name: a.name,
      phone: a.phone,
      email: a.email,
      passwordHash: hashes[i] as string,
      currency: 'INR',
      active: a.active,
      businessRegistrationCode: a.businessRegistrationCode ?? null,
      bankAccount: a.bankAccount ?? null,
      address: a.address,
      country: 'India',
      state: a.state,
      city: a.city,
      postalCode: a.postalCode,
      identifyProof: a.identifyProof ?? null,
      identifyProofNumber: a.identifyProofNumber ?? null,
      verificationDocs: kycDocs.get(a.key) ?? [],
      createdAt: daysAgo(90 - i),
      updatedAt: daysAgo(90 - i),
    })),
  );
  await db.insert(userRoles).values(
    DEMO_ACCOUNTS.map((a) => {
      const role = roleId.get(a.role);
      if (!role) throw new Error(`Role ${a.role} is missing: have the migrations run?`);
      return { userId: idOf(a.key), roleId: role };
    }),
  );
  if (uploadRows.length) await db.insert(uploads).values(uploadRows);

  const shopId = new Map<AccountKey, string>();
  for (const a of DEMO_ACCOUNTS) {
    if (!a.shop) continue;
    const id = randomUUID();
    shopId.set(a.key, id);
    const motif = a.key === 'kavya' ? 'kurta' : 'saree';
    const [banner, picture] = await Promise.all([
      renderShopImage('banner', a.shop.colour, motif),
      renderShopImage('picture', a.shop.colour, motif),
    ]);
    const bannerKey = `shops/${id}/${randomUUID()}-banner.webp`;
    const pictureKey = `shops/${id}/${randomUUID()}-picture.webp`;
    await storage.put(bannerKey, banner, 'image/webp', 'public');
    await storage.put(pictureKey, picture, 'image/webp', 'public');
    await db.insert(shops).values({
      id,
      userId: idOf(a.key),
      shopName: a.shop.name,
      shopBanner: storage.publicUrl(bannerKey),
      shopPicture: storage.publicUrl(pictureKey),
    });
  }

  // ——— Categories and markups ———
  const rows = categoryRows();
  const inserted = await db.insert(categories).values(rows).returning();
  const categoryByPath = new Map(inserted.map((r) => [categoryPathOf(r), r]));
  await db.insert(categoryMarkups).values(
    Object.entries(CATEGORY_MARKUPS).map(([uniqueCategoryName, percentageMarkup]) => ({
      uniqueCategoryName,
      percentageMarkup,
    })),
  );

  // ——— Products: spread over the last two months, the listing order mixing categories and sellers ———
  const total = DEMO_PRODUCTS.length;
  // A stride coprime with the count visits every slot once, in a shuffled order.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = 29;
  while (gcd(stride, total) !== 1) stride++;
  const productRows = DEMO_PRODUCTS.map((p, i) => {
    const category = categoryByPath.get(p.category);
    if (!category) throw new Error(`Demo product ${p.name}: no category ${p.category}`);
    const markup = CATEGORY_MARKUPS[category.category];
    if (markup === undefined) throw new Error(`No markup for ${category.category}`);
    const slot = (i * stride) % total;
    const created = new Date(now.getTime() - (total - slot) * 17 * 3_600_000);
    return {
      id: randomUUID(),
      userId: idOf(p.seller),
      shopId: shopId.get(p.seller) ?? null,
      name: p.name,
      brand: p.brand,
      price: p.price,
      currency: 'INR',
      countInStock: p.countInStock,
      categoryId: category.id,
      description: p.description,
      sizes: p.sizes ?? defaultSizes(p.category),
      percentageMarkup: markup,
      status: p.status ?? true,
      createdAt: created,
      updatedAt: created,
    };
  });
  await db.insert(products).values(productRows);
  // Each demo product's stock split over its sizes, and its colours when it has some (a few t-shirts), so
  // the colour filter has data (docs/decisions/0102-product-variants.md).
  for (const [i, r] of productRows.entries()) {
    const colours = DEMO_PRODUCTS[i]?.colours ?? [];
    await insertVariants(db, r.id, variantsFromGrid(r.sizes, colours, r.countInStock, r.id.slice(0, 8)));
  }
  const productId = new Map(productRows.map((r) => [r.name, r.id]));
  const idOfProduct = (name: string) => {
    const id = productId.get(name);
    if (!id) throw new Error(`No demo product named ${name}`);
    return id;
  };

  // ——— A size chart on two of Kavya's kurtas ———
  await seedSizeCharts(db, idOf('kavya'), idOfProduct);

  // ——— Pictures, through the same pipeline as uploads, so every variant exists ———
  const jobs = DEMO_PRODUCTS.flatMap((p, i) =>
    Array.from({ length: p.images ?? 1 }, (_, view) => ({
      p,
      id: (productRows[i] as { id: string }).id,
      view: view as 0 | 1,
    })),
  );
  const stored = await mapLimit(jobs, 3, async (job) => {
    const image = await renderProductImage(job.p.art, job.p.colour, job.view);
    const { url } = await storeProductImage(storage, job.id, image, { effort: 1 });
    return { productId: job.id, position: job.view, url };
  });
  await db.insert(productImages).values(stored);

  // ——— Discounts ———
  await db.insert(productDiscounts).values(
    DEMO_DISCOUNTS.map((d) => {
      const product = DEMO_PRODUCTS.find((p) => p.name === d.product);
      if (d.unit === 'amount' && product && Number(d.value) >= Number(product.price)) {
        throw new Error(`Discount on ${d.product} is not below its price`);
      }
      return {
        productId: idOfProduct(d.product),
        discountUnit: d.unit,
        discountValue: d.value,
        validUntil: new Date(now.getTime() + d.days * 86_400_000),
        couponCode: d.couponCode ?? null,
        activate: true,
      };
    }),
  );

  // ——— Reviews, then rating and numReviews recomputed from them in SQL: exact by construction ———
  const nameOf = new Map(DEMO_ACCOUNTS.map((a) => [a.key, a.name]));
  await db.insert(reviews).values(
    DEMO_REVIEWS.map((r, i) => ({
      productId: idOfProduct(r.product),
      userId: idOf(r.by),
      name: nameOf.get(r.by) as string,
      rating: r.rating,
      comment: r.comment,
      createdAt: daysAgo(DEMO_REVIEWS.length - i),
    })),
  );
  const reviewed = [...new Set(DEMO_REVIEWS.map((r) => idOfProduct(r.product)))];
  await db
    .update(products)
    .set({
      rating: sql`(select round(avg(r.rating)::numeric, 2) from reviews r where r.product_id = products.id)`,
      numReviews: sql`(select count(*)::int from reviews r where r.product_id = products.id)`,
    })
    .where(inArray(products.id, reviewed));

  // ——— Seller money: payout accounts, delivered orders with their ledger entries, an adjustment ———
  const accountOf = (key: AccountKey) => DEMO_ACCOUNTS.find((x) => x.key === key) as DemoAccount;
  const actorOf = (key: AccountKey) => {
    const a = accountOf(key);
    return { id: idOf(key), name: a.name, email: a.email, roles: [a.role], active: a.active };
  };
  const sellerOf = (key: 'kavya' | 'meera') => ({
    id: idOf(key),
    gstin: accountOf(key).businessRegistrationCode ?? '',
  });
  const listed = (seller: 'kavya' | 'meera') =>
    DEMO_PRODUCTS.filter((p) => p.seller === seller && p.status !== false).map((p) => idOfProduct(p.name));
  await seedSellerMoney(
    db,
    {
      admin: actorOf('admin'),
      buyer: actorOf('buyer'),
      kavya: sellerOf('kavya'),
      meera: sellerOf('meera'),
    },
    { kavya: listed('kavya'), meera: listed('meera') },
    now,
  );
}
