import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { createCategory, type CategoryRow } from '../factories/catalog.ts';

let t: TestContext;
const c: Record<string, CategoryRow> = {};

const FASHION = 'Fashion & Accessories';

beforeAll(async () => {
  t = await createTestApp();
  const row = (
    key: string,
    subCategory: string,
    levelThreeCategory: string | null,
    levelFourCategory: string | null = null,
    levelFiveCategory: string | null = null,
    category = FASHION,
    extra: { hsn?: string; tax?: string } = {},
  ) =>
    createCategory(t.db, {
      category,
      subCategory,
      levelThreeCategory,
      levelFourCategory,
      levelFiveCategory,
      ...extra,
    }).then((r) => {
      c[key] = r;
    });
  await row('halfSleeve', 'Men Clothes', 'T-Shirts', 'Round Neck', 'Half Sleeve');
  await row('fullSleeve', 'Men Clothes', 'T-Shirts', 'Round Neck', 'Full Sleeve');
  await row('vNeck', 'Men Clothes', 'T-Shirts', 'V Neck');
  await row('shirts', 'Men Clothes', 'Shirts', null);
  await row('kurtas', 'Women Clothes', 'Kurtas');
  await row('headphones', 'Audio', 'Headphones', null, null, 'Electronics & Gadgets', {
    hsn: '8518',
    tax: '18',
  });
  await row('lamps', 'Home & Living', 'Lamps', null, null, 'Home & Living');
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as unknown };
};
const enc = encodeURIComponent;
const idOf = (key: string) => c[key]?.id;

describe('category level lists', () => {
  it('firstlevel: distinct level 1 names, sorted', async () => {
    expect(await get('/api/category/firstlevel')).toEqual({
      status: 200,
      body: ['Electronics & Gadgets', FASHION, 'Home & Living'],
    });
  });

  it('secondlevel/{level 1}', async () => {
    expect((await get(`/api/category/secondlevel/${enc(FASHION)}`)).body).toEqual([
      'Men Clothes',
      'Women Clothes',
    ]);
  });

  it('thirdlevel/{level 2}/{level 1}: non-null names only', async () => {
    expect((await get(`/api/category/thirdlevel/${enc('Men Clothes')}/${enc(FASHION)}`)).body).toEqual([
      'Shirts',
      'T-Shirts',
    ]);
    expect((await get(`/api/category/thirdlevel/${enc('Men Clothes')}/Elsewhere`)).body).toEqual([]);
  });

  it('fourthlevel/{level 3}/{level 2} and fifthlevel/{level 4}/{level 3}', async () => {
    expect((await get(`/api/category/fourthlevel/T-Shirts/${enc('Men Clothes')}`)).body).toEqual([
      'Round Neck',
      'V Neck',
    ]);
    expect((await get(`/api/category/fifthlevel/${enc('Round Neck')}/T-Shirts`)).body).toEqual([
      'Full Sleeve',
      'Half Sleeve',
    ]);
    expect((await get(`/api/category/fifthlevel/${enc('V Neck')}/T-Shirts`)).body).toEqual([]);
  });
});

describe('category records', () => {
  it('getcategories/{id}: the record as a one-item list; 404 otherwise', async () => {
    expect(await get(`/api/category/getcategories/${idOf('halfSleeve')}`)).toEqual({
      status: 200,
      body: [
        {
          _id: idOf('halfSleeve'),
          category: FASHION,
          subCategory: 'Men Clothes',
          levelThreeCategory: 'T-Shirts',
          levelFourCategory: 'Round Neck',
          levelFiveCategory: 'Half Sleeve',
        },
      ],
    });
    expect((await get('/api/category/getcategories/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await get('/api/category/getcategories/bad-id')).status).toBe(404);
  });

  it('hsn-tax/{id}: HSN code and GST rate', async () => {
    expect(await get(`/api/category/hsn-tax/${idOf('headphones')}`)).toEqual({
      status: 200,
      body: { hsn: '8518', tax: 18 },
    });
    expect((await get('/api/category/hsn-tax/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('getcategoryid: the row with exactly the given levels (missing or blank levels are empty)', async () => {
    const q = (params: Record<string, string>) => new URLSearchParams(params).toString();
    expect(
      await get(
        `/api/category/getcategoryid?${q({ category: FASHION, subCategory: 'Men Clothes', levelThreeCategory: 'T-Shirts', levelFourCategory: 'V Neck' })}`,
      ),
    ).toEqual({ status: 200, body: { categoryId: idOf('vNeck') } });
    expect(
      (
        await get(
          `/api/category/getcategoryid/?${q({ category: FASHION, subCategory: 'Men Clothes', levelThreeCategory: 'Shirts', levelFourCategory: '' })}`,
        )
      ).body,
    ).toEqual({ categoryId: idOf('shirts') });
    // T-Shirts alone is not a leaf.
    expect(
      (
        await get(
          `/api/category/getcategoryid?${q({ category: FASHION, subCategory: 'Men Clothes', levelThreeCategory: 'T-Shirts' })}`,
        )
      ).status,
    ).toBe(404);
    expect((await get(`/api/category/getcategoryid?${q({ category: FASHION })}`)).status).toBe(400);
  });
});

describe('GET /api/category/{name}', () => {
  it('returns every category with a level of that name, dashes read as spaces, any case', async () => {
    const menClothes = [idOf('halfSleeve'), idOf('fullSleeve'), idOf('vNeck'), idOf('shirts')].sort();
    const ids = async (name: string) =>
      ((await get(`/api/category/${name}`)).body as { categoryIDs: string[] }).categoryIDs;
    expect((await ids('men-clothes')).sort()).toEqual(menClothes);
    expect((await ids(enc('Men Clothes'))).sort()).toEqual(menClothes);
    expect((await ids('MEN-CLOTHES')).sort()).toEqual(menClothes);
    // A name that itself holds a dash still matches its slug.
    expect((await ids('t-shirts')).sort()).toEqual(
      [idOf('halfSleeve'), idOf('fullSleeve'), idOf('vNeck')].sort(),
    );
    expect(await ids('half-sleeve')).toEqual([idOf('halfSleeve')]);
    expect(await ids(`home-${enc('&')}-living`)).toEqual([idOf('lamps')]);
    expect(await ids('headphones')).toEqual([idOf('headphones')]);
    expect(await ids('no-such-category')).toEqual([]);
  });

  it('with ?parents=, matches only the category at that whole path', async () => {
    const ids = async (url: string) =>
      (((await get(url)).body as { categoryIDs: string[] }).categoryIDs ?? []).sort();
    // 'Kurtas' exists under both Women Clothes and Men Clothes here; 'T-Shirts' only under Men Clothes.
    await createCategory(t.db, {
      category: FASHION,
      subCategory: 'Men Clothes',
      levelThreeCategory: 'Kurtas',
      levelFourCategory: null,
      levelFiveCategory: null,
    }).then((r) => {
      c.menKurtas = r;
    });
    const fashion = enc('fashion-&-accessories');
    expect(await ids('/api/category/kurtas')).toEqual([idOf('kurtas'), idOf('menKurtas')].sort());
    expect(await ids(`/api/category/kurtas?parents=${fashion}/women-clothes`)).toEqual([idOf('kurtas')]);
    expect(await ids(`/api/category/kurtas?parents=${fashion}/men-clothes`)).toEqual([idOf('menKurtas')]);
    expect(await ids(`/api/category/men-clothes?parents=${fashion}`)).toEqual(
      [idOf('halfSleeve'), idOf('fullSleeve'), idOf('vNeck'), idOf('shirts'), idOf('menKurtas')].sort(),
    );
    expect(await ids(`/api/category/t-shirts?parents=${fashion}/women-clothes`)).toEqual([]);
    // The run may start below the top (a link without the top level), but stays one run of levels.
    expect(await ids('/api/category/kurtas?parents=men-clothes')).toEqual([idOf('menKurtas')]);
    expect(await ids('/api/category/kurtas?parents=women-clothes')).toEqual([idOf('kurtas')]);
    expect(await ids(`/api/category/kurtas?parents=${fashion}`)).toEqual([]);
    expect(await ids(`/api/category/x?parents=a/b/c/d/e`)).toEqual([]);
  });

  it('does not shadow the static category routes', async () => {
    expect(Array.isArray((await get('/api/category/firstlevel')).body)).toBe(true);
  });
});
