import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../factories/catalog.ts';
import { indiaAddress, orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type TestUser } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Hostile input against every operation of the generated OpenAPI document: NUL bytes, unpaired surrogates,
 * 1 MB strings, JSON nested 10 000 levels deep and values of the wrong type, in the body, the query, the path
 * and the declared headers, sent by a stranger and by a signed-in Admin, Seller and Buyer. No answer may
 * be a 5xx, and the database must be exactly as it was (a checksum of every table).
 *
 * Each case changes ONE input of an otherwise plausible request (real ids, valid e-mail, phone, country…)
 * so that the hostile value travels as far into the route as the route lets it. Every request comes from
 * its own address, so per-address rate limits do not stop a case early (per-user ones may: a 429 is fine).
 *
 * No table is left out of the checksum. Instead, nothing valid is sent: a "hostile" value the field in fact
 * accepts (null where null is allowed, `{}` for an object without required fields, a number in range, any
 * non-text value in a field the route ignores) is skipped, routes without a body schema get only an
 * unparseable body, and `POST /api/users/logout` (which ends the actor's session) is not called. The
 * sessions the actors use and the order the routes look at are made before the first checksum.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  consumes?: string[];
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

const MB = 'x'.repeat(1_000_000);
const nested = (depth: number, open: string, close: string, inner = '1') =>
  open.repeat(depth) + inner + close.repeat(depth);
/** Raw JSON bodies the JSON parser sees before any route does. */
const RAW_BODIES = [
  nested(10_000, '[', ']'),
  nested(200_000, '[', ']'),
  '{"a":',
  '"\\u0000"',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
];

/**
 * One value of each hostile kind, for any field whatever its declared type, as JSON text (V8's
 * JSON.stringify itself overflows on 10 000 levels, so the deep value is spliced in as text).
 */
const HOSTILE: string[] = [
  ...['\u0000', 'a\u0000b', MB, 0, -1, 1.5, 1e308, true, null, [], ['\u0000'], {}, { '\u0000': 'x' }].map(
    (v) => JSON.stringify(v),
  ),
  '"\\ud800"',
  '"x\\udc00y"',
  '{"a":"\\ud800"}',
  nested(10_000, '[', ']'),
];
const HOLE = '"__hostile__"';
/** A NUL or a lone surrogate, as JSON.stringify writes them. */
const UNSTORABLE_JSON = /\\u0000|\\ud[89a-f]/i;

/** Hostile text for query strings, path segments and headers, already URL-encoded where it matters. */
const HOSTILE_URL = ['%00', 'a%00b', '%ED%A0%80', '%FF', '%C0%80', '%', '%%', 'x'.repeat(100_000)];
const HOSTILE_HEADER = ['\u00ff\u00fe', 'x'.repeat(100_000), ' ', ''];

/** Plausible values by field name, so that a request gets past the fields the case is not about. */
const GOOD: Record<string, unknown> = {
  email: 'fuzz@haat.test',
  password: 'Password@123',
  confirmPassword: 'Password@123',
  phone: '9876543210',
  name: 'Fuzz Tester',
  currency: 'INR',
  orderCurrency: 'INR',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
  postalCode: '560001',
  address: '12 MG Road',
  iso2: 'IN',
  stateCode: 'KA',
  code: 'INR',
  keyword: 'shirt',
  paymentMethod: 'CashOnDelivery',
  rating: 4,
  comment: 'Fine',
  price: 100,
  countInStock: 5,
  first: 'Fashion & Accessories',
  second: 'Men Clothes',
  category: 'Fashion & Accessories',
  subCategory: 'Men Clothes',
  mainCategory: 'Fashion & Accessories',
};

describe('fuzz: hostile input on every operation', () => {
  let t: TestContext;
  let doc: OpenApi;
  const ids: Record<string, string> = {};
  const actors: { name: string; headers: Record<string, string> }[] = [];
  let remote = 0;

  beforeAll(async () => {
    t = await createTestApp();
    doc = t.app.swagger() as unknown as OpenApi;
    const admin = await createUser(t.db, { roles: ['Admin'] });
    const seller: TestUser = await createUser(t.db, {
      roles: ['Seller-Company'],
      phone: '98765',
      shop: { shopName: 'Fuzz Shop' },
    });
    const buyer = await createUser(t.db);
    const category = await createCategory(t.db, { levelThreeCategory: 'Shirts' });
    const product = await createProduct(t.db, { sellerId: seller.id, categoryId: category.id });
    const buyerToken = await sessionToken(t.db, buyer.id);
    const order = await placeOrder(
      t.app,
      buyerToken,
      orderBody([{ product: product.id, size: 'M' }], { paymentMethod: 'CashOnDelivery' }),
    );
    const [markup] = (await t.db.execute(sql`select id from category_markups limit 1`)).rows as {
      id: string;
    }[];
    const [role] = (await t.db.execute(sql`select id from roles where name = 'Buyer'`)).rows as {
      id: string;
    }[];
    Object.assign(ids, {
      product: product.id,
      product_id: product.id,
      productId: product.id,
      categoryId: category.id,
      userId: seller.id,
      user: buyer.id,
      order: order._id,
      orderId: order._id,
      markup: markup?.id ?? product.id,
      roleId: role!.id,
      shopName: 'Fuzz Shop',
    });
    actors.push(
      { name: 'stranger', headers: {} },
      { name: 'Admin', headers: authHeader(await sessionToken(t.db, admin.id)) },
      { name: 'Seller', headers: authHeader(await sessionToken(t.db, seller.id)) },
      { name: 'Buyer', headers: authHeader(buyerToken) },
    );
  });
  afterAll(async () => t?.close());

  const resolve = (s: Schema): Schema =>
    s.$ref ? resolve(doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s;

  /** A plausible value for a schema: real ids, known-good field values, else the simplest that fits. */
  function sample(raw: Schema, name: string, path: string): unknown {
    const s = resolve(raw);
    const alt = s.anyOf ?? s.oneOf;
    if (alt) return sample(alt.find((a) => resolve(a).type !== 'null') ?? alt[0]!, name, path);
    if (s.allOf?.[0]) return sample(s.allOf[0], name, path);
    if (s.enum) return name in GOOD && s.enum.includes(GOOD[name]) ? GOOD[name] : s.enum[0];
    if (s.const !== undefined) return s.const;
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    if (type === 'string' || type === undefined) {
      if (s.format === 'uuid' || name === 'id' || name === '_id') return idFor(name, path);
      if (s.format === 'email') return GOOD.email;
      if (s.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      if (name in ids) return ids[name];
      if (name in GOOD) return GOOD[name];
      return type === undefined && !s.format ? undefined : 'x'.repeat(Math.max(1, s.minLength ?? 1));
    }
    if (type === 'integer' || type === 'number') return GOOD[name] ?? Math.max(1, s.minimum ?? 1);
    if (type === 'boolean') return true;
    if (type === 'array') {
      const item = sample(s.items ?? {}, name, path);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item);
    }
    if (type === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.properties ?? {})) {
        const v = sample(child, key, path);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
    return undefined;
  }

  /** The real row an id names, guessed from the field's name and the route. */
  function idFor(name: string, path: string): string {
    if (ids[name]) return ids[name];
    if (path.startsWith('/api/orders') || path.startsWith('/api/payments')) return ids.order!;
    if (path.startsWith('/api/users') || path.startsWith('/api/upload')) return ids.user!;
    if (path.startsWith('/api/category/categories-markup')) return ids.markup!;
    return ids.product!;
  }

  /** Every field path of a body schema (objects and the first item of arrays), for one-field cases. */
  function fieldPaths(raw: Schema, prefix: (string | number)[] = []): [(string | number)[], Schema][] {
    const s = resolve(raw);
    const alt = s.anyOf ?? s.oneOf;
    if (alt) return fieldPaths(alt.find((a) => resolve(a).type !== 'null') ?? alt[0]!, prefix);
    const out: [(string | number)[], Schema][] = [];
    if (s.properties)
      for (const [key, child] of Object.entries(s.properties)) {
        out.push([[...prefix, key], resolve(child)]);
        out.push(...fieldPaths(child, [...prefix, key]));
      }
    if (s.items) out.push(...fieldPaths(s.items, [...prefix, 0]));
    return out;
  }

  /**
   * Whether a "hostile" value is in fact one the field accepts (null where null is allowed, `{}` for an
   * object without required fields, a number in range…): such a request is a valid one, which may write.
   * Text is never skipped: every hostile string must be refused.
   */
  function validByContract(raw: Schema, json: string): boolean {
    const s = resolve(raw);
    const v = JSON.parse(json) as unknown;
    const types = [s.type, ...(s.anyOf ?? s.oneOf ?? []).map((a) => resolve(a).type)].flat();
    // A field the route accepts and ignores (`{}`): only text PostgreSQL cannot store is refused there.
    if (types.every((x) => x === undefined) && !s.enum && !s.format) return !UNSTORABLE_JSON.test(json);
    if (v === null) return s.nullable === true || types.includes('null');
    if (Array.isArray(v)) return v.length === 0 && types.includes('array') && !s.minItems;
    if (typeof v === 'object')
      return Object.keys(v).length === 0 && types.includes('object') && !s.required?.length;
    if (typeof v === 'boolean') return types.includes('boolean');
    if (typeof v === 'number')
      return (
        (types.includes('number') || (types.includes('integer') && Number.isInteger(v))) &&
        v >= (s.minimum ?? -Infinity) &&
        v <= (s.maximum ?? Infinity)
      );
    return false;
  }

  function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
    const copy = structuredClone(base) as Record<string | number, unknown>;
    let node = copy;
    for (const key of path.slice(0, -1)) {
      if (node[key] === null || typeof node[key] !== 'object') node[key] = typeof key === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
    node[path.at(-1)!] = value;
    return copy;
  }

  type Case = { label: string; options: InjectOptions };

  /** The cases for one operation: one hostile input each, everything else plausible. */
  function casesFor(method: string, path: string, op: Operation): Case[] {
    const params = op.parameters ?? [];
    const good = (p: Parameter) => sample(p.schema ?? {}, p.name, path);
    const pathParams = Object.fromEntries(
      params.filter((p) => p.in === 'path').map((p) => [p.name, encodeURIComponent(String(good(p)))]),
    );
    const query = Object.fromEntries(
      params
        .filter((p) => p.in === 'query' && good(p) !== undefined)
        .map((p) => [p.name, encodeURIComponent(String(good(p)))]),
    );
    const url = (pp = pathParams, q: Record<string, string> = query) => {
      const qs = Object.entries(q)
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      return path.replace(/\{(\w+)\}/g, (_m, n: string) => pp[n] ?? 'x') + (qs ? `?${qs}` : '');
    };
    const jsonSchema = op.requestBody?.content['application/json']?.schema;
    const body = jsonSchema ? sample(jsonSchema, '', path) : undefined;
    const base = (): InjectOptions => ({
      method: method.toUpperCase() as 'GET',
      url: url(),
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    const cases: Case[] = [];
    for (const p of params) {
      for (const v of p.in === 'header' ? HOSTILE_HEADER : HOSTILE_URL) {
        const label = `${p.in} ${p.name}=${v.slice(0, 12)}`;
        if (p.in === 'path')
          cases.push({ label, options: { ...base(), url: url({ ...pathParams, [p.name]: v }) } });
        if (p.in === 'query')
          cases.push({ label, options: { ...base(), url: url(pathParams, { ...query, [p.name]: v }) } });
        if (p.in === 'header') cases.push({ label, options: { ...base(), headers: { [p.name]: v } } });
      }
      if (p.in === 'query') {
        // An array where a string is expected.
        const twice = `${url()}${url().includes('?') ? '&' : '?'}${p.name}=a&${p.name}=b`;
        cases.push({ label: `query ${p.name} twice`, options: { ...base(), url: twice } });
      }
    }
    if (jsonSchema) {
      const json = { 'content-type': 'application/json' };
      for (const v of [...HOSTILE, '"text"'])
        if (!validByContract(jsonSchema, v))
          cases.push({ label: `body=${v.slice(0, 16)}`, options: { ...base(), payload: v, headers: json } });
      for (const [field, fieldSchema] of fieldPaths(jsonSchema)) {
        const template = JSON.stringify(withValue(body, field, JSON.parse(HOLE)));
        for (const v of HOSTILE)
          if (!validByContract(fieldSchema, v))
            cases.push({
              label: `body.${field.join('.')}=${v.slice(0, 16)}`,
              options: { ...base(), payload: template.replace(HOLE, () => v), headers: json },
            });
      }
    }
    // Routes without a body schema ignore a body the JSON parser accepts (their request is a valid one),
    // so they get only the unparseable kind.
    if (method !== 'get' && method !== 'delete')
      for (const raw of jsonSchema ? RAW_BODIES : ['{"a":'])
        cases.push({
          label: `raw ${raw.slice(0, 16)}`,
          options: { ...base(), payload: raw, headers: { 'content-type': 'application/json' } },
        });
    return cases;
  }

  /** One checksum per table: the database is unchanged when every checksum is. */
  async function snapshot(): Promise<Record<string, string>> {
    const tables = (
      await t.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)
    ).rows as { tablename: string }[];
    const out: Record<string, string> = {};
    for (const { tablename } of tables) {
      const [row] = (
        await t.db.execute(
          sql.raw(
            `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as sum from "${tablename}" t`,
          ),
        )
      ).rows as { sum: string }[];
      out[tablename] = row!.sum;
    }
    return out;
  }

  it('text PostgreSQL cannot store is refused with 400 naming the field, wherever it comes', async () => {
    const [admin, , buyer] = [actors[1]!, actors[2]!, actors[3]!];
    const register = {
      name: 'Fuzz',
      phone: '9876543210',
      email: 'nul@haat.test',
      password: 'Password@123',
      address: '12 MG Road',
      country: 'India',
      state: 'Karnataka',
      city: 'Bengaluru',
    };
    const cases: [InjectOptions, string][] = [
      [{ method: 'POST', url: '/api/users', payload: { ...register, name: 'Ra\u0000vi' } }, 'name'],
      [
        { method: 'POST', url: '/api/users/login', payload: { email: 'a\u0000@b.in', password: 'x' } },
        'email',
      ],
      [
        {
          method: 'PUT',
          url: '/api/users/profile',
          headers: buyer.headers,
          payload: { ...register, address: '12 MG\u0000 Road' },
        },
        'address',
      ],
      [
        {
          method: 'POST',
          url: `/api/products/${ids.product}/reviews`,
          headers: buyer.headers,
          payload: { rating: 4, comment: 'ok \uD800' },
        },
        'comment',
      ],
      [
        {
          method: 'POST',
          url: '/api/orders',
          headers: buyer.headers,
          payload: orderBody([{ product: ids.product! }], {
            shippingAddress: indiaAddress({ city: 'Pu\u0000ne' }),
          }),
        },
        'shippingAddress.city',
      ],
      [{ method: 'GET', url: '/api/users?keyword=a%00', headers: admin.headers }, 'keyword'],
      [{ method: 'GET', url: '/api/category/getcategoryid?category=%00' }, 'category'],
      [{ method: 'GET', url: '/api/category/secondlevel/Men%00' }, 'first'],
      [{ method: 'GET', url: '/api/shops/name/Fuzz%00Shop' }, 'shopName'],
    ];
    for (const [options, path] of cases) {
      const res = await t.app.inject({ ...options, remoteAddress: `10.250.0.${remote++ & 255}` });
      expect(res.statusCode, `${options.method} ${options.url}`).toBe(400);
      expect(res.json(), `${options.method} ${options.url}`).toMatchObject({
        message: expect.stringMatching(/NUL/) as string,
        errors: [{ path, message: expect.stringMatching(/NUL/) as string }],
      });
    }
  });

  it('no operation answers 5xx, and the database is unchanged', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const accepted: string[] = [];
    let sent = 0;
    const unreached: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (path === '/api/users/logout') continue; // ends the actor's session: legitimately a write
        const cases = casesFor(method, path, op);
        // The first actor the route lets in gets every case; the others (who may see other branches of
        // the same code) a fifth of them, to keep the run short.
        let reachedBy: string | null = null;
        for (const actor of actors) {
          const subset = reachedBy ? cases.filter((_, i) => i % 5 === 0) : cases;
          for (const c of subset) {
            const options = {
              ...c.options,
              headers: { ...(c.options.headers as object), ...actor.headers },
              remoteAddress: `10.${(remote >> 16) & 255}.${(remote >> 8) & 255}.${remote++ & 255}`,
            };
            const what = `${actor.name} ${method.toUpperCase()} ${path} ${c.label}`;
            let res: LightMyRequestResponse;
            try {
              res = await t.app.inject(options);
            } catch (err) {
              failures.push(`${what}: threw ${String(err)}`);
              continue;
            }
            sent++;
            if (res.statusCode >= 500) failures.push(`${what} → ${res.statusCode}`);
            else if (res.statusCode < 300 && method !== 'get') accepted.push(`${what} → ${res.statusCode}`);
            if (res.statusCode !== 401 && res.statusCode !== 403) reachedBy ??= actor.name;
          }
        }
        if (!reachedBy && cases.length > 0) unreached.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(failures.slice(0, 50)).toEqual([]);
    const after = await snapshot();
    const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
    expect(changed).toEqual([]);
    expect(accepted).toEqual([]);
    // Every operation that takes input let at least one of the actors in, and the run was not trivial.
    expect(unreached).toEqual([]);
    expect(sent).toBeGreaterThan(3_000);
  }, 600_000);

  /** A multipart body written byte by byte, so that it can hold what FormData would never send. */
  function multipartBody(
    parts: { name: Buffer | string; value: Buffer | string; filename?: Buffer | string; type?: string }[],
    { close = true } = {},
  ): Buffer {
    const chunks: Buffer[] = [];
    const b = (x: Buffer | string) => (typeof x === 'string' ? Buffer.from(x) : x);
    for (const p of parts) {
      chunks.push(b(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="`), b(p.name), b('"'));
      if (p.filename !== undefined) chunks.push(b('; filename="'), b(p.filename), b('"'));
      chunks.push(b(`\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`), b(p.value), b('\r\n'));
    }
    if (close) chunks.push(b(`--${BOUNDARY}--\r\n`));
    return Buffer.concat(chunks);
  }
  const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

  it('multipart routes: hostile fields, names, files and framing give no 5xx and change nothing', async () => {
    const uploads = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, op]) => method === 'post' && path.startsWith('/api/upload/') && !op.requestBody)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(uploads.length).toBeGreaterThanOrEqual(4);
    const id = (name: string) => [name, ids.product!];
    const nul = Buffer.from([0x61, 0x00, 0x62]);
    const surrogate = Buffer.from([0xed, 0xa0, 0x80]);
    const bodies: { label: string; payload: Buffer | string; type?: string }[] = [];
    for (const field of ['productId', 'userId', 'identifyProof']) {
      for (const [label, value] of [
        ['NUL', nul],
        ['surrogate', surrogate],
        ['0xFF', Buffer.from([0xff, 0xfe])],
        ['1 MB', MB],
      ] as const)
        bodies.push({ label: `${field} ${label}`, payload: multipartBody([{ name: field, value }]) });
    }
    bodies.push(
      { label: 'NUL in a field name', payload: multipartBody([{ name: nul, value: 'x' }]) },
      {
        label: 'NUL in a file name',
        payload: multipartBody([
          { name: id('productId')[0]!, value: id('productId')[1]! },
          { name: 'image', value: Buffer.alloc(2048), filename: nul, type: 'image/png' },
          {
            name: 'verificationDocs',
            value: Buffer.alloc(2048),
            filename: surrogate,
            type: 'application/pdf',
          },
        ]),
      },
      {
        label: 'garbage declared as images',
        payload: multipartBody([
          { name: 'productId', value: ids.product! },
          ...Array.from({ length: 3 }, () => ({
            name: 'image',
            value: Buffer.from('\x89PNG\r\n\x1a\n' + 'x'.repeat(100)),
            filename: 'a.png',
            type: 'image/png',
          })),
        ]),
      },
      {
        label: '30 fields',
        payload: multipartBody(Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x' }))),
      },
      {
        label: 'unterminated',
        payload: multipartBody([{ name: 'productId', value: ids.product! }], { close: false }),
      },
      { label: 'no boundary', payload: 'x', type: 'multipart/form-data' },
      {
        label: 'JSON as multipart',
        payload: '{"productId":"\u0000"}',
        type: `multipart/form-data; boundary=${BOUNDARY}`,
      },
      { label: 'deep JSON', payload: nested(10_000, '[', ']'), type: 'application/json' },
      { label: 'NUL JSON', payload: '{"userId":"\u0000"}', type: 'application/json' },
    );
    const before = await snapshot();
    const failures: string[] = [];
    const accepted: string[] = [];
    for (const route of uploads) {
      const [method, url] = route.split(' ') as [string, string];
      for (const actor of actors)
        for (const body of bodies) {
          const res = await t.app.inject({
            method: method as 'POST',
            url,
            payload: body.payload,
            headers: {
              'content-type': body.type ?? `multipart/form-data; boundary=${BOUNDARY}`,
              ...actor.headers,
            },
            remoteAddress: `10.200.${(remote >> 8) & 255}.${remote++ & 255}`,
          });
          if (res.statusCode >= 500)
            failures.push(`${actor.name} ${route} ${body.label} → ${res.statusCode}`);
          else if (res.statusCode < 300)
            accepted.push(`${actor.name} ${route} ${body.label} → ${res.statusCode}`);
        }
    }
    expect(failures).toEqual([]);
    expect(accepted).toEqual([]);
    const after = await snapshot();
    expect(Object.keys(before).filter((k) => before[k] !== after[k])).toEqual([]);
  });
});
