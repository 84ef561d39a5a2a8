/**
 * The load generator of the mixed workload (bench/mix.ts), run as its own process so that it does not
 * share the app's event loop or memory: `node <tsx flags> bench/mix-load.ts <spec.json>`. It builds the
 * request list from the spec with a seeded generator (the same list on every run against the same
 * database), loads it with autocannon — each new request takes the next one in the list, whatever the
 * connection — and prints one JSON object: autocannon's totals and percentiles, plus per kind of request
 * the count, the status codes, the answers served from the catalogue cache (`x-cache: hit`) and the
 * latency percentiles measured here (from building a request to its answer).
 */
import fs from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { PRODUCT_SORTS } from '../src/shared/schemas/product.ts';
import { keywordSource, prng, zipf, type Vocabulary } from './vocabulary.ts';

export type MixShares = Record<MixKind, number>;
export type MixKind =
  'detail' | 'search' | 'filter' | 'category' | 'shop' | 'home' | 'top' | 'tree' | 'order';

export type LoadSpec = {
  base: string;
  dbUrl: string;
  seconds: number;
  connections: number;
  seed: number;
  /** How many requests the list holds before it starts again. */
  size: number;
  /** `mix`: the shares below; `orders`: only orders, walking `orderItems` in turn (one product each). */
  mode: 'mix' | 'orders';
  shares: MixShares;
  vocabulary: Vocabulary;
  typos: number;
  misses: number;
  categories: string[];
  shops: string[];
  filterPaths: string[];
  tokens: string[];
  /** Orderable variants with stock topped up; in the mix drawn by Zipf rank (hot products first). */
  orderItems: { product: string; variant: string }[];
};

type Planned = {
  kind: MixKind;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export type KindResult = {
  count: number;
  statuses: Record<string, number>;
  cacheHits: number;
  p50: number;
  p99: number;
  p99_9: number;
};
export type LoadResult = {
  duration: number;
  total: number;
  p50: number;
  p99: number;
  p99_9: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  kinds: Partial<Record<MixKind, KindResult>>;
  keywords: { word: number; typo: number; miss: number; distinct: number };
};

const ADDRESS = {
  address: '1 MG Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  postalCode: '400001',
  country: 'India',
};

async function activeProducts(dbUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const rows = await client.query<{ id: string }>(
      `select id from products where status order by created_at desc, id`,
    );
    return rows.rows.map((r) => r.id);
  } finally {
    await client.end();
  }
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** Rank → position: a fixed stride through the list, so hot products are spread over the catalogue. */
function spread(n: number): (rank: number) => number {
  let stride = 1_000_003;
  while (gcd(stride, n) !== 1) stride += 2;
  return (rank) => (rank * stride + 7) % n;
}

async function plan(spec: LoadSpec): Promise<{ list: Planned[]; keywords: LoadResult['keywords'] }> {
  const rand = prng(spec.seed);
  const keywords = { word: 0, typo: 0, miss: 0, distinct: 0 };
  const list: Planned[] = [];
  let buyer = 0;
  const order = (item: { product: string; variant: string }): Planned => ({
    kind: 'order',
    method: 'POST',
    path: '/api/orders',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${spec.tokens[buyer++ % spec.tokens.length]!}`,
    },
    body: JSON.stringify({
      orderItems: [{ product: item.product, variant: item.variant, qty: 1 }],
      shippingAddress: ADDRESS,
      paymentMethod: 'CashOnDelivery',
    }),
  });
  if (spec.mode === 'orders') {
    for (let i = 0; i < spec.size; i++) list.push(order(spec.orderItems[i % spec.orderItems.length]!));
    return { list, keywords };
  }

  const products = await activeProducts(spec.dbUrl);
  const productRank = zipf(products.length, 1, rand);
  const productAt = spread(products.length);
  const orderRank = zipf(spec.orderItems.length, 1, rand);
  const shopRank = zipf(spec.shops.length, 1, rand);
  const categoryRank = zipf(spec.categories.length, 1, rand);
  const keyword = keywordSource(spec.vocabulary, rand, { typos: spec.typos, misses: spec.misses });
  const seen = new Set<string>();
  const kinds = Object.keys(spec.shares) as MixKind[];
  const total = kinds.reduce((s, k) => s + spec.shares[k], 0);
  const page = () => (rand() < 0.8 ? '' : `pageNumber=${2 + Math.floor(rand() * 4)}`);

  for (let i = 0; i < spec.size; i++) {
    let x = rand() * total;
    const kind = kinds.find((k) => (x -= spec.shares[k]) < 0) ?? 'detail';
    const get = (path: string): Planned => ({ kind, method: 'GET', path });
    switch (kind) {
      case 'detail':
        list.push(get(`/api/products/${products[productAt(productRank())]!}`));
        break;
      case 'search': {
        const k = keyword();
        keywords[k.kind]++;
        seen.add(k.keyword);
        const q = new URLSearchParams({ keyword: k.keyword });
        if (rand() < 0.1) q.set('pageNumber', '2');
        list.push(get(`/api/products?${q.toString()}`));
        break;
      }
      case 'filter':
        list.push(get(spec.filterPaths[Math.floor(rand() * spec.filterPaths.length)]!));
        break;
      case 'category': {
        const q = [`categoryIDs=${spec.categories[categoryRank()]!}`, page()];
        if (rand() < 0.2) q.push(`sort=${PRODUCT_SORTS[Math.floor(rand() * PRODUCT_SORTS.length)]!}`);
        list.push(get(`/api/products/category?${q.filter(Boolean).join('&')}`));
        break;
      }
      case 'shop': {
        const p = page();
        list.push(
          get(`/api/shops/products/${encodeURIComponent(spec.shops[shopRank()]!)}${p ? `?${p}` : ''}`),
        );
        break;
      }
      case 'home':
        list.push(get('/api/products'));
        break;
      case 'top':
        list.push(get('/api/products/top'));
        break;
      case 'tree':
        list.push(get('/api/category/firstlevel'));
        break;
      case 'order':
        list.push(order(spec.orderItems[orderRank()]!));
        break;
    }
  }
  keywords.distinct = seen.size;
  return { list, keywords };
}

const percentile = (sorted: Float64Array, p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const spec = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
  const { list, keywords } = await plan(spec);
  const perKind = new Map<MixKind, { times: number[]; statuses: Record<string, number>; hits: number }>();
  for (const p of list) perKind.set(p.kind, { times: [], statuses: {}, hits: 0 });
  let next = 0;

  type Context = { planned?: Planned; t?: number };
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: spec.base,
        connections: spec.connections,
        duration: spec.seconds,
        requests: [
          {
            setupRequest: (req: autocannon.Request, context: Context) => {
              const p = list[next++ % list.length]!;
              context.planned = p;
              context.t = performance.now();
              return { ...req, method: p.method, path: p.path, headers: p.headers ?? {}, body: p.body ?? '' };
            },
            onResponse: (
              status: number,
              _body: string,
              context: Context,
              headers: Record<string, string>,
            ) => {
              const p = context.planned;
              if (!p || context.t === undefined) return;
              const k = perKind.get(p.kind)!;
              k.times.push(performance.now() - context.t);
              k.statuses[status] = (k.statuses[status] ?? 0) + 1;
              if (headers['x-cache'] === 'hit' || headers['X-Cache'] === 'hit') k.hits++;
            },
          } as unknown as autocannon.Request,
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
  });

  const kinds: LoadResult['kinds'] = {};
  for (const [kind, k] of perKind) {
    const sorted = Float64Array.from(k.times).sort();
    kinds[kind] = {
      count: k.times.length,
      statuses: k.statuses,
      cacheHits: k.hits,
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      p99_9: percentile(sorted, 99.9),
    };
  }
  const statuses: Record<string, number> = {};
  for (const [code, s] of Object.entries(
    (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {},
  ))
    statuses[code] = s.count;
  const out: LoadResult = {
    duration: result.duration,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    p99_9: (result.latency as unknown as Record<string, number>).p99_9 ?? NaN,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
    kinds,
    keywords,
  };
  process.stdout.write(JSON.stringify(out));
}

main().catch((err: unknown) => {
  process.stderr.write(String(err instanceof Error ? err.stack : err));
  process.exit(1);
});
