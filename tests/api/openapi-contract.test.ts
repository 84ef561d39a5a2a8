import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkOrigin } from '../../src/server/config.ts';
import { OPERATIONS, operationKey } from '../../src/server/openapi/operations.ts';
import { openapiPlugin, SECURITY_SCHEMES, SIGNED_IN } from '../../src/server/openapi/plugin.ts';
import { isPublicRoute } from '../../src/server/plugins/public-routes.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * The OpenAPI document is a contract clients are generated from (docs/decisions/0018-openapi-operation-names.md):
 * every operation is named, tagged and says whether it needs a sign-in, and a client generated with
 * openapi-typescript type-checks real calls, and refuses wrong ones.
 */

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};
type Document = {
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const run = promisify(execFile);
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('the OpenAPI document', () => {
  let t: TestContext;
  let doc: Document;
  const routes: string[] = [];
  const operations: { key: string; op: Operation }[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        onRoute: ({ method, url }) => {
          for (const m of [method].flat())
            if (m !== 'HEAD' && m !== 'OPTIONS') routes.push(operationKey(m, url));
        },
      },
    );
    doc = t.app.swagger() as unknown as Document;
    for (const [p, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        if (METHODS.includes(method)) operations.push({ key: `${method.toUpperCase()} ${p}`, op });
  });
  afterAll(async () => t?.close());

  it('names every operation once, with a camelCase operationId', () => {
    expect(operations.length).toBeGreaterThan(80);
    const ids = operations.map(({ op }) => op.operationId);
    expect(operations.filter(({ op }) => !/^[a-z][A-Za-z0-9]+$/.test(op.operationId ?? ''))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    // Named examples clients rely on.
    expect(doc.paths['/api/products']?.get?.operationId).toBe('listProducts');
    expect(doc.paths['/api/products/{id}']?.get?.operationId).toBe('getProduct');
    expect(doc.paths['/api/orders']?.post?.operationId).toBe('placeOrder');
    expect(doc.paths['/api/orders/{id}/RazorPay/pay']?.put?.operationId).toBe('payOrderWithRazorPay');
  });

  it('tags every operation with one declared, described tag', () => {
    const declared = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    const offenders = operations.filter(({ op }) => op.tags?.length !== 1 || !declared.get(op.tags[0] ?? ''));
    expect(offenders.map(({ key }) => key)).toEqual([]);
  });

  it('declares the bearer and cookie schemes and says per operation which it needs', () => {
    expect(doc.components?.securitySchemes).toEqual(SECURITY_SCHEMES);
    expect(doc.components?.securitySchemes).toMatchObject({
      bearerAuth: { type: 'http', scheme: 'bearer' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: 'haat_session' },
    });
    const publicOps = operations.filter(({ op }) => Array.isArray(op.security) && op.security.length === 0);
    const guarded = operations.filter(({ op }) => JSON.stringify(op.security) === JSON.stringify(SIGNED_IN));
    expect(publicOps.length + guarded.length).toBe(operations.length);
    // Public: storefront reads, signing up and in; guarded: anything that acts for somebody.
    const security = (p: string, m: string) => doc.paths[p]?.[m]?.security;
    expect(security('/api/products', 'get')).toEqual([]);
    expect(security('/api/users/login', 'post')).toEqual([]);
    expect(security('/api/payments/razorpay/webhook', 'post')).toEqual([]);
    expect(security('/api/orders', 'post')).toEqual(SIGNED_IN);
    expect(security('/api/users/profile', 'get')).toEqual(SIGNED_IN);
    // Exactly the routes the deny-by-default check lets strangers call are public in the document.
    const securityById = new Map(operations.map(({ op }) => [op.operationId, op.security]));
    const mismatched = Object.entries(OPERATIONS)
      .filter(([, { aliasOf }]) => !aliasOf)
      .filter(([key, { operationId }]) => {
        const [method = '', url = ''] = key.split(' ');
        const expected = isPublicRoute(method, url) ? [] : SIGNED_IN;
        return JSON.stringify(securityById.get(operationId)) !== JSON.stringify(expected);
      });
    expect(mismatched.map(([key]) => key)).toEqual([]);
    expect(publicOps.length).toBeGreaterThan(30);
    // A guarded operation documents the 401 a stranger gets.
    expect(guarded.filter(({ op }) => !op.responses?.['401']).map(({ key }) => key)).toEqual([]);
  });

  it('sets servers to the configured origin', () => {
    expect(doc.servers).toEqual([{ url: linkOrigin(t.config) }]);
    expect(doc.servers?.[0]?.url).toBe('http://127.0.0.1:3000');
  });

  it('names only routes that exist, and a new route without a name stops the app', async () => {
    expect(Object.keys(OPERATIONS).filter((key) => !routes.includes(key))).toEqual([]);
    const app = Fastify({ logger: false });
    app.decorate('config', t.config);
    await app.register(openapiPlugin);
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(
      'No OpenAPI operation for "GET /api/forgotten"',
    );
    // Hidden routes (docs pages, web files) need no name.
    app.get('/not-documented', { schema: { hide: true } }, async () => ({}));
    await app.close();
  });

  it('generates a typed client (openapi-typescript) that type-checks real calls and refuses wrong ones', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'haat-openapi-client-'));
    try {
      const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0]);
      await fs.writeFile(path.join(dir, 'schema.d.ts'), astToString(ast));
      await fs.writeFile(path.join(dir, 'client.ts'), CLIENT);
      await fs.writeFile(path.join(dir, 'calls.ts'), CALLS);
      await fs.writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));
      const result = await run(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
        () => ({ ok: true, output: '' }),
        (err: { stdout?: string }) => ({ ok: false, output: err.stdout ?? String(err) }),
      );
      expect(result.output).toBe('');
      expect(result.ok).toBe(true);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    lib: ['ES2022', 'DOM'],
    types: [],
    skipLibCheck: false,
  },
  files: ['schema.d.ts', 'client.ts', 'calls.ts'],
};

/** A tiny typed fetch client over the generated `paths` (what openapi-fetch does, in a few lines). */
const CLIENT = `
import type { paths } from './schema';

type Method = 'get' | 'post' | 'put' | 'delete';
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
export type PathsWith<M extends Method> = {
  [P in keyof paths]: [Op<P, M>] extends [never] ? never : P;
}[keyof paths];
type PathParams<O> = O extends { parameters: { path: infer A } } ? { path: A } : { path?: never };
type Query<O> = O extends { parameters: { query?: infer Q } } ? { query?: Q } : { query?: never };
type Body<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : { body?: never };
export type Init<O> = PathParams<O> & Query<O> & Body<O> & { token?: string };
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : never;
export type Success<O> = O extends { responses: infer R }
  ? Json<R[Extract<keyof R, 200 | 201>]>
  : never;

export function createClient(baseUrl: string, fetcher: typeof fetch = fetch) {
  type RawInit = { path?: Record<string, string>; query?: Record<string, string>; body?: unknown; token?: string };
  // Untyped inside; the typed wrappers below are what callers see (a generic method and path here would
  // make TypeScript expand every path's types at once).
  async function call(method: Method, url: string, i: RawInit): Promise<unknown> {
    const filled = String(url).replace(/\\{(\\w+)\\}/g, (_m, name: string) => encodeURIComponent(i.path?.[name] ?? ''));
    const query = i.query ? \`?\${new URLSearchParams(i.query)}\` : '';
    const res = await fetcher(baseUrl + filled + query, {
      method: method.toUpperCase(),
      headers: {
        ...(i.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(i.token ? { authorization: \`Bearer \${i.token}\` } : {}),
      },
      body: i.body === undefined ? undefined : JSON.stringify(i.body),
    });
    if (!res.ok) throw new Error(\`\${method} \${filled}: \${res.status}\`);
    return res.json();
  }
  return {
    GET: <P extends PathsWith<'get'>>(url: P, init: Init<Op<P, 'get'>>) =>
      call('get', url, init as RawInit) as Promise<Success<Op<P, 'get'>>>,
    POST: <P extends PathsWith<'post'>>(url: P, init: Init<Op<P, 'post'>>) =>
      call('post', url, init as RawInit) as Promise<Success<Op<P, 'post'>>>,
    PUT: <P extends PathsWith<'put'>>(url: P, init: Init<Op<P, 'put'>>) =>
      call('put', url, init as RawInit) as Promise<Success<Op<P, 'put'>>>,
    DELETE: <P extends PathsWith<'delete'>>(url: P, init: Init<Op<P, 'delete'>>) =>
      call('delete', url, init as RawInit) as Promise<Success<Op<P, 'delete'>>>,
  };
}
`;

/**
 * Real calls, and wrong ones each under @ts-expect-error: tsc fails on a mark whose line type-checks, so
 * the generated types must refuse every one of them (they are not `any`).
 */
const CALLS = `
import type { operations } from './schema';
import { createClient, type Init } from './client';

const api = createClient('http://127.0.0.1:3000');

export async function shop(): Promise<void> {
  const page = await api.GET('/api/products', { query: { keyword: 'saree', pageNumber: 2 } });
  const firstName: string | undefined = page.products[0]?.name;

  const product = await api.GET('/api/products/{id}', { path: { id: '00000000-0000-4000-8000-000000000000' } });
  const price: number = product.price;

  const me = await api.POST('/api/users/login', { body: { email: 'buyer@haat.test', password: 'Demo@12345' } });
  const token = (me as { token?: string }).token;

  const order = await api.POST('/api/orders', {
    token,
    body: {
      orderItems: [{ product: product._id, qty: 1 }],
      shippingAddress: { address: '12 MG Road', country: 'IN', state: 'KA', city: 'Bengaluru', postalCode: '560001' },
      paymentMethod: 'CashOnDelivery',
    },
  });
  const orderId: string = order._id;

  await api.PUT('/api/orders/{id}/RazorPay/pay', {
    token,
    path: { id: orderId },
    body: { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' },
  });

  // The operations are named by their operationId in the generated types.
  const body: operations['placeOrder']['requestBody']['content']['application/json'] = {
    orderItems: [{ product: product._id, qty: 2 }],
    shippingAddress: { address: 'x', country: 'IN', state: 'KA', postalCode: '560001' },
  };
  const init: Init<operations['placeOrder']> = { body };

  // @ts-expect-error placeOrder's body needs orderItems
  await api.POST('/api/orders', { body: { shippingAddress: body.shippingAddress } });
  // @ts-expect-error qty is a number
  await api.POST('/api/orders', { body: { ...body, orderItems: [{ product: product._id, qty: 'two' }] } });
  // @ts-expect-error no such payment method
  await api.POST('/api/orders', { body: { ...body, paymentMethod: 'Cheque' } });
  // @ts-expect-error getProduct needs its id
  await api.GET('/api/products/{id}', {});
  // @ts-expect-error there is no such path
  await api.GET('/api/product', {});
  // @ts-expect-error an order's id is a string
  const wrongId: number = order._id;

  void [firstName, price, init, wrongId];
}
`;
