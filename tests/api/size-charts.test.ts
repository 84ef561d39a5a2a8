import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '#shared/errors.ts';
import type { Product, ProductList } from '#shared/schemas/product.ts';
import {
  SIZE_CHART_MSG,
  sizeChartDeletedSchema,
  sizeChartItemSchema,
  sizeChartListSchema,
  type SizeChartBody,
} from '#shared/schemas/size-chart.ts';
import { products, sizeCharts } from '../../src/server/db/schema/index.ts';
import { createProduct } from '../factories/catalog.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** Size charts (docs/product/api.md "Size charts", docs/decisions/0106-size-charts.md). */

let t: TestContext;
let kavya: TestUser;
let meera: TestUser;
let admin: TestUser;
let buyer: TestUser;
let dormant: TestUser;
const token = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  kavya = await createUser(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Kavya Charts' } });
  meera = await createUser(t.db, { roles: ['Seller-Individual'], shop: { shopName: 'Meera Charts' } });
  admin = await createUser(t.db, { roles: ['Admin'] });
  buyer = await createUser(t.db, { roles: ['Buyer'] });
  dormant = await createUser(t.db, { roles: ['Seller-Individual'], active: false });
  for (const u of [kavya, meera, admin, buyer, dormant]) token.set(u.id, await sessionToken(t.db, u.id));
});
afterAll(async () => {
  await t?.close();
});

const as = (user: TestUser | null) => (user ? authHeader(token.get(user.id) ?? '') : {});
const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: as(user),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const kurtas = (overrides: Partial<SizeChartBody> = {}): SizeChartBody => ({
  name: 'Men’s kurtas',
  unit: 'cm',
  columns: ['Chest', 'Length'],
  rows: [
    { size: 'M', values: ['100', '104'] },
    { size: 'L', values: ['104-106', '106.5'] },
  ],
  ...overrides,
});

async function create(user: TestUser, body: SizeChartBody) {
  const res = await call(user, 'POST', '/api/size-charts', body);
  expect(res.statusCode, res.body).toBe(201);
  return sizeChartItemSchema.parse(res.json());
}

describe('size charts: create, list, edit, delete', () => {
  it('a seller creates a chart, sees it in their list with its product count, edits and deletes it', async () => {
    const made = await create(
      kavya,
      kurtas({ name: 'Kurtas A', rows: [{ size: ' xl ', values: [' 38 – 40 ', '70'] }] }),
    );
    expect(made).toMatchObject({
      name: 'Kurtas A',
      unit: 'cm',
      columns: ['Chest', 'Length'],
      // Trimmed, and a range written with spaces and an en dash is stored as 38-40.
      rows: [{ size: 'xl', values: ['38-40', '70'] }],
      productCount: 0,
    });

    await createProduct(t.db, { sellerId: kavya.id, sizeChartId: made._id });
    const list = await call(kavya, 'GET', '/api/size-charts');
    expect(list.statusCode).toBe(200);
    const mine = sizeChartListSchema.parse(list.json());
    expect(mine.find((c) => c._id === made._id)?.productCount).toBe(1);

    const put = await call(
      kavya,
      'PUT',
      `/api/size-charts/${made._id}`,
      kurtas({ name: 'Kurtas A2', unit: 'in' }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(sizeChartItemSchema.parse(put.json())).toMatchObject({
      _id: made._id,
      name: 'Kurtas A2',
      unit: 'in',
      rows: kurtas().rows,
      productCount: 1,
    });

    const del = await call(kavya, 'DELETE', `/api/size-charts/${made._id}`);
    expect(del.statusCode).toBe(200);
    expect(sizeChartDeletedSchema.parse(del.json())).toEqual({
      message: 'Size chart deleted. 1 product now shows no size chart.',
      productsDetached: 1,
    });
    const after = sizeChartListSchema.parse((await call(kavya, 'GET', '/api/size-charts')).json());
    expect(after.some((c) => c._id === made._id)).toBe(false);
    expect((await call(kavya, 'DELETE', `/api/size-charts/${made._id}`)).statusCode).toBe(404);
  });

  it('deleting a chart leaves its products (all of them) without a chart, and untouched otherwise', async () => {
    const chart = await create(kavya, kurtas({ name: 'Shared chart' }));
    const a = await createProduct(t.db, { sellerId: kavya.id, sizeChartId: chart._id });
    const b = await createProduct(t.db, { sellerId: kavya.id, sizeChartId: chart._id });
    const other = await create(kavya, kurtas({ name: 'Kept chart' }));
    const c = await createProduct(t.db, { sellerId: kavya.id, sizeChartId: other._id });

    const del = await call(kavya, 'DELETE', `/api/size-charts/${chart._id}`);
    expect(sizeChartDeletedSchema.parse(del.json())).toEqual({
      message: 'Size chart deleted. 2 products now show no size chart.',
      productsDetached: 2,
    });
    const rows = await t.db.select().from(products).where(eq(products.userId, kavya.id));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(a.id)?.sizeChartId).toBeNull();
    expect(byId.get(b.id)?.sizeChartId).toBeNull();
    expect(byId.get(c.id)?.sizeChartId).toBe(other._id);
    // The product itself is still there, unchanged, and not locked by the change (updatedAt kept).
    expect(byId.get(a.id)?.updatedAt.getTime()).toBe(a.updatedAt.getTime());
    expect(byId.get(a.id)?.status).toBe(true);

    const unused = await create(kavya, kurtas({ name: 'Unused chart' }));
    const quiet = await call(kavya, 'DELETE', `/api/size-charts/${unused._id}`);
    expect(quiet.json()).toEqual({ message: 'Size chart deleted.', productsDetached: 0 });
  });

  it('lists only the caller’s charts, by name; Admin may name a seller, a seller may not', async () => {
    await create(meera, kurtas({ name: 'zari blouses' }));
    await create(meera, kurtas({ name: 'Anarkalis' }));
    const mine = sizeChartListSchema.parse((await call(meera, 'GET', '/api/size-charts')).json());
    expect(mine.map((c) => c.name)).toEqual(['Anarkalis', 'zari blouses']);

    const viaAdmin = await call(admin, 'GET', `/api/size-charts?seller=${meera.id}`);
    expect(viaAdmin.statusCode).toBe(200);
    expect(sizeChartListSchema.parse(viaAdmin.json()).map((c) => c.name)).toEqual([
      'Anarkalis',
      'zari blouses',
    ]);
    expect(sizeChartListSchema.parse((await call(admin, 'GET', '/api/size-charts')).json())).toEqual([]);

    const nosy = await call(kavya, 'GET', `/api/size-charts?seller=${meera.id}`);
    expect(nosy.statusCode).toBe(403);
    expect(nosy.json()).toMatchObject({ code: ERROR_CODES.forbidden, message: SIZE_CHART_MSG.sellerOnly });
    // Naming yourself is fine.
    expect((await call(meera, 'GET', `/api/size-charts?seller=${meera.id}`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', '/api/size-charts?seller=nope')).statusCode).toBe(400);
  });
});

describe('size charts on products', () => {
  it('a product points at its seller’s chart, shows it on its page, follows edits, and shows none once it is deleted', async () => {
    const chart = await create(kavya, kurtas({ name: 'On the product page' }));
    const product = await createProduct(t.db, { sellerId: kavya.id, shopId: kavya.shop?.id });
    const put = await call(kavya, 'PUT', `/api/products/${product.id}`, { sizeChartId: chart._id });
    expect(put.statusCode, put.body).toBe(200);

    const page = async () => (await call(null, 'GET', `/api/products/${product.id}`)).json() as Product;
    expect((await page()).sizeChart).toEqual({
      _id: chart._id,
      name: 'On the product page',
      unit: 'cm',
      columns: ['Chest', 'Length'],
      rows: kurtas().rows,
    });
    // Lists do not carry it.
    const list = (await call(null, 'GET', '/api/products?keyword=')).json() as ProductList;
    expect(list.products.every((p) => p.sizeChart === null)).toBe(true);

    // An edit of the chart shows on the product at once.
    await call(
      kavya,
      'PUT',
      `/api/size-charts/${chart._id}`,
      kurtas({ name: 'On the product page', unit: 'in' }),
    );
    expect((await page()).sizeChart?.unit).toBe('in');

    // Another seller's chart cannot be attached (the product write checks; 400 on the field).
    const foreign = await create(meera, kurtas({ name: 'Not Kavya’s' }));
    const refused = await call(kavya, 'PUT', `/api/products/${product.id}`, { sizeChartId: foreign._id });
    expect(refused.statusCode).toBe(400);
    expect((await page()).sizeChart?._id).toBe(chart._id);

    expect((await call(kavya, 'DELETE', `/api/size-charts/${chart._id}`)).json()).toMatchObject({
      productsDetached: 1,
    });
    const after = await page();
    expect(after.sizeChart).toBeNull();
    expect(after.name).toBe(product.name);
  });
});

describe('size charts: ownership and access', () => {
  it('another seller’s chart is not found (404) to edit or delete, even for Admin, and stays as it was', async () => {
    const chart = await create(kavya, kurtas({ name: 'Private chart' }));
    for (const user of [meera, admin]) {
      const put = await call(user, 'PUT', `/api/size-charts/${chart._id}`, kurtas({ name: 'Taken over' }));
      expect(put.statusCode).toBe(404);
      expect(put.json()).toMatchObject({ code: ERROR_CODES.not_found, message: SIZE_CHART_MSG.notFound });
      expect((await call(user, 'DELETE', `/api/size-charts/${chart._id}`)).statusCode).toBe(404);
    }
    const [row] = await t.db.select().from(sizeCharts).where(eq(sizeCharts.id, chart._id));
    expect(row?.name).toBe('Private chart');
    // Unknown and malformed ids are 404 too.
    expect((await call(kavya, 'PUT', `/api/size-charts/${crypto.randomUUID()}`, kurtas())).statusCode).toBe(
      404,
    );
    expect((await call(kavya, 'DELETE', '/api/size-charts/not-an-id')).statusCode).toBe(404);
  });

  it('guests get 401, buyers and inactive sellers 403, on every route', async () => {
    const chart = await create(kavya, kurtas({ name: 'Guarded chart' }));
    const routes = [
      ['GET', '/api/size-charts', undefined],
      ['POST', '/api/size-charts', kurtas({ name: 'Nope' })],
      ['PUT', `/api/size-charts/${chart._id}`, kurtas({ name: 'Nope' })],
      ['DELETE', `/api/size-charts/${chart._id}`, undefined],
    ] as const;
    for (const [method, url, body] of routes) {
      expect((await call(null, method, url, body)).statusCode, `${method} ${url} guest`).toBe(401);
      const asBuyer = await call(buyer, method, url, body);
      expect(asBuyer.statusCode, `${method} ${url} buyer`).toBe(403);
      expect(asBuyer.json().code).toBe(ERROR_CODES.forbidden);
      const asDormant = await call(dormant, method, url, body);
      expect(asDormant.statusCode, `${method} ${url} inactive`).toBe(403);
      expect(asDormant.json().code).toBe(ERROR_CODES.account_inactive);
    }
    // Access comes before validation: a guest with a bad body is still 401.
    expect((await call(null, 'POST', '/api/size-charts', { name: '' })).statusCode).toBe(401);
  });
});

describe('size charts: validation', () => {
  const errorsOf = async (body: unknown) => {
    const res = await call(kavya, 'POST', '/api/size-charts', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(ERROR_CODES.invalid_input);
    return (res.json() as { errors: { path: string; message: string }[] }).errors;
  };

  it.each([
    ['an empty name', { name: '  ' }, 'name', SIZE_CHART_MSG.name],
    ['a name over 60', { name: 'x'.repeat(61) }, 'name', SIZE_CHART_MSG.name],
    ['another unit', { unit: 'mm' }, 'unit', SIZE_CHART_MSG.unit],
    ['no columns', { columns: [], rows: [{ size: 'M', values: [] }] }, 'columns', SIZE_CHART_MSG.columns],
    [
      'nine columns',
      {
        columns: Array.from({ length: 9 }, (_, i) => `C${String(i)}`),
        rows: [{ size: 'M', values: Array(9).fill('1') }],
      },
      'columns',
      SIZE_CHART_MSG.columns,
    ],
    ['a blank column', { columns: ['Chest', ' '] }, 'columns.1', SIZE_CHART_MSG.column],
    ['a repeated column', { columns: ['Chest', 'chest'] }, 'columns.1', SIZE_CHART_MSG.columnDuplicate],
    ['no rows', { rows: [] }, 'rows', SIZE_CHART_MSG.rows],
    [
      '21 rows',
      { rows: Array.from({ length: 21 }, (_, i) => ({ size: String(i), values: ['1', '2'] })) },
      'rows',
      SIZE_CHART_MSG.rows,
    ],
    ['a blank size', { rows: [{ size: '', values: ['1', '2'] }] }, 'rows.0.size', SIZE_CHART_MSG.size],
    [
      'a repeated size (any case)',
      {
        rows: [
          { size: 'M', values: ['1', '2'] },
          { size: ' m', values: ['1', '2'] },
        ],
      },
      'rows.1.size',
      SIZE_CHART_MSG.sizeDuplicate,
    ],
    ['too few values', { rows: [{ size: 'M', values: ['1'] }] }, 'rows.0.values', SIZE_CHART_MSG.valueCount],
    [
      'a word for a value',
      { rows: [{ size: 'M', values: ['big', '2'] }] },
      'rows.0.values.0',
      SIZE_CHART_MSG.value,
    ],
    [
      'a falling range',
      { rows: [{ size: 'M', values: ['40-38', '2'] }] },
      'rows.0.values.0',
      SIZE_CHART_MSG.value,
    ],
    [
      'three decimals',
      { rows: [{ size: 'M', values: ['1', '2.125'] }] },
      'rows.0.values.1',
      SIZE_CHART_MSG.value,
    ],
    ['an empty value', { rows: [{ size: 'M', values: ['1', ''] }] }, 'rows.0.values.1', SIZE_CHART_MSG.value],
  ])('refuses %s (400 on the field)', async (_what, overrides, path, message) => {
    const errors = await errorsOf({ ...kurtas({ name: 'Bad chart' }), ...overrides });
    expect(errors).toContainEqual({ path, message });
  });

  it('refuses a PUT with a bad body the same way, and leaves the chart as it was', async () => {
    const chart = await create(kavya, kurtas({ name: 'Checked on edit' }));
    const res = await call(kavya, 'PUT', `/api/size-charts/${chart._id}`, kurtas({ rows: [] }));
    expect(res.statusCode).toBe(400);
    const [row] = await t.db.select().from(sizeCharts).where(eq(sizeCharts.id, chart._id));
    expect(row?.rows).toEqual(kurtas().rows);
  });

  it('a second chart of the same name for one seller is 409; another seller may use it', async () => {
    await create(kavya, kurtas({ name: 'Sarees blouse' }));
    const again = await call(kavya, 'POST', '/api/size-charts', kurtas({ name: 'Sarees blouse' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: ERROR_CODES.size_chart_name_taken,
      message: SIZE_CHART_MSG.nameTaken,
    });
    await create(meera, kurtas({ name: 'Sarees blouse' }));

    const other = await create(kavya, kurtas({ name: 'Renamed later' }));
    const rename = await call(
      kavya,
      'PUT',
      `/api/size-charts/${other._id}`,
      kurtas({ name: 'Sarees blouse' }),
    );
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe(ERROR_CODES.size_chart_name_taken);
    // Saving a chart under its own name is not a clash.
    expect(
      (await call(kavya, 'PUT', `/api/size-charts/${other._id}`, kurtas({ name: 'Renamed later' })))
        .statusCode,
    ).toBe(200);
  });
});
