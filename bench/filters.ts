/**
 * Bench rows for storefront filters, sorts and facets (docs/decisions/0103-filters-and-facets.md): named
 * cases (a filtered search, facet-heavy category pages, a shop page, the broadest case) and a mix of
 * random filter/sort combinations, loaded by autocannon in a child process with each connection walking
 * through the combinations. `probe` also times each combination alone, one request at a time: the
 * service time without queueing behind 31 other connections on 2 cores.
 */
import path from 'node:path';
import pg from 'pg';
import { PRODUCT_SORTS, DISCOUNT_STEPS, RATING_STEPS } from '../src/shared/schemas/product.ts';
import { BRANDS, CATEGORIES, COLOURS, SELLERS } from './catalog.ts';
import { nodeJson } from './child-json.ts';

export type FilterEndpoint = { name: string; url: string };
export type MixRow = {
  name: string;
  note?: string;
  rps?: number;
  p50?: number;
  p99?: number;
  non2xx?: number;
  errors?: number;
};

type Known = { categories: string[]; byName: Map<string, string>; sellers: string[]; shops: string[] };

async function known(url: string): Promise<Known> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cats = await client.query<{ id: string; name: string }>(
      `select id, level_three_category as name from categories where level_three_category = any($1::text[]) order by level_three_category`,
      [CATEGORIES.map((c) => c.path[2])],
    );
    const sellers = await client.query<{ id: string; shop: string }>(
      `select u.id, s.shop_name as shop from users u join shops s on s.user_id = u.id
       where u.email like 'bench-seller%' order by u.email`,
    );
    return {
      categories: cats.rows.map((r) => r.id),
      byName: new Map(cats.rows.map((r) => [r.name, r.id])),
      sellers: sellers.rows.map((r) => r.id),
      shops: sellers.rows.map((r) => r.shop.replaceAll(' ', '-')),
    };
  } finally {
    await client.end();
  }
}

const catId = (k: Known, name: string): string => {
  const id = k.byName.get(name);
  if (!id) throw new Error(`bench category ${name} missing`);
  return id;
};

/** The named filter rows, against `base` (the app with the cache off). */
export async function filterEndpoints(dbUrl: string, base: string): Promise<FilterEndpoint[]> {
  const k = await known(dbUrl);
  const tees = catId(k, 'T-Shirts');
  const kurtas = catId(k, 'Kurtas');
  const shirts = catId(k, 'Shirts');
  const tops = catId(k, 'Tops');
  return [
    {
      name: 'filtered search: kurta + size, colour, price, rating, in stock, price_asc',
      url: `${base}/api/products?keyword=kurta&size=M,L&colour=Indigo,Maroon&minPrice=300&maxPrice=3000&rating=3&inStock=1&sort=price_asc`,
    },
    {
      name: 'filtered search: shirt + brand, sort rating',
      url: `${base}/api/products?keyword=shirt&brand=${encodeURIComponent(BRANDS[0]!)}&sort=rating`,
    },
    {
      name: 'search: shirt (relevance, facets)',
      url: `${base}/api/products?keyword=shirt`,
    },
    {
      name: 'facet-heavy category page: T-Shirts, no filter',
      url: `${base}/api/products/category?categoryIDs=${tees}`,
    },
    {
      name: 'facet-heavy category page: 3 categories + size, in stock, discount sort',
      url: `${base}/api/products/category?categoryIDs=${kurtas},${shirts},${tops}&size=M&inStock=1&sort=discount`,
    },
    {
      name: 'category page: T-Shirts + brand + colour, price_desc, page 5',
      url: `${base}/api/products/category?categoryIDs=${tees}&brand=${encodeURIComponent(BRANDS[1]!)}&colour=Indigo&sort=price_desc&pageNumber=5`,
    },
    {
      name: 'shop page + size, in stock',
      url: `${base}/api/shops/products/${k.shops[1]}?size=M&inStock=1`,
    },
    {
      name: 'broadest: every product, one filter (brand)',
      url: `${base}/api/products?brand=${encodeURIComponent(BRANDS[2]!)}`,
    },
  ];
}

/** A small seeded generator, so the mix is the same on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KEYWORDS = [
  'kurta',
  'shirt',
  'saree',
  'silk',
  'cotton',
  'sneakers',
  'printed',
  'indigo',
  'novel',
  'jeans',
];

/** `count` random filter/sort combinations over the four scopes (paths, not URLs). */
export async function randomFilterPaths(dbUrl: string, count: number, seed = 103): Promise<string[]> {
  const k = await known(dbUrl);
  const rand = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const some = <T>(list: readonly T[], max: number): T[] => {
    const n = 1 + Math.floor(rand() * max);
    return [...new Set(Array.from({ length: n }, () => pick(list)))];
  };
  const paths: string[] = [];
  for (let i = 0; i < count; i++) {
    const q = new URLSearchParams();
    let route = '/api/products';
    const scope = rand();
    if (scope < 0.35) q.set('keyword', pick(KEYWORDS));
    else if (scope < 0.75) {
      route = '/api/products/category';
      q.set('categoryIDs', some(k.categories, 3).join(','));
    } else if (scope < 0.9) route = `/api/shops/products/${pick(k.shops)}`;
    // else: every product
    if (rand() < 0.4)
      q.set(
        'size',
        some(rand() < 0.7 ? ['S', 'M', 'L', 'XL', 'XXL'] : ['6', '7', '8', '9', '10'], 2).join(','),
      );
    if (rand() < 0.3) q.set('colour', some(COLOURS, 2).join(','));
    if (rand() < 0.3) q.set('brand', some(BRANDS, 3).join(','));
    if (rand() < 0.1) q.set('seller', some(k.sellers.slice(0, SELLERS), 2).join(','));
    if (rand() < 0.3) {
      const min = Math.floor(rand() * 2000);
      q.set('minPrice', String(min));
      if (rand() < 0.7) q.set('maxPrice', String(min + 200 + Math.floor(rand() * 3000)));
    }
    if (rand() < 0.25) q.set('rating', String(pick(RATING_STEPS)));
    if (rand() < 0.2) q.set('discount', String(pick(DISCOUNT_STEPS)));
    if (rand() < 0.4) q.set('inStock', '1');
    if (rand() < 0.8) q.set('sort', pick(PRODUCT_SORTS));
    if (rand() < 0.2) q.set('pageNumber', String(2 + Math.floor(rand() * 5)));
    paths.push(`${route}?${q.toString()}`);
  }
  return paths;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * Each path once, one at a time (after one warm-up pass): the single-request latency distribution and the
 * slowest paths. Non-200 answers are counted.
 */
export async function probe(
  base: string,
  paths: string[],
): Promise<{
  p50: number;
  p99: number;
  max: number;
  failed: number;
  slowest: { ms: number; path: string }[];
}> {
  for (const p of paths) await (await fetch(`${base}${p}`)).arrayBuffer();
  const timed: { ms: number; path: string }[] = [];
  let failed = 0;
  for (const p of paths) {
    const t = performance.now();
    const res = await fetch(`${base}${p}`);
    await res.arrayBuffer();
    timed.push({ ms: performance.now() - t, path: p });
    if (res.status !== 200) failed++;
  }
  const ms = timed.map((x) => x.ms).sort((a, b) => a - b);
  return {
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? NaN,
    failed,
    slowest: [...timed].sort((a, b) => b.ms - a.ms).slice(0, 5),
  };
}

const MIX_SCRIPT = `
const autocannon = require(process.argv[1]);
const cfg = JSON.parse(process.argv[2]);
let n = 0;
autocannon({
  url: cfg.base, connections: cfg.connections, duration: cfg.seconds,
  requests: [{ setupRequest: (req) => ({ ...req, path: cfg.paths[n++ % cfg.paths.length] }) }],
}, (err, r) => {
  if (err) { process.stderr.write(String(err)); process.exit(1); }
  process.stdout.write(JSON.stringify({ duration: r.duration, total: r.requests.total, p50: r.latency.p50,
    p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts }));
});`;

/** Load `paths` round-robin for `seconds` at `connections` from a child process. */
export async function loadMix(
  root: string,
  base: string,
  paths: string[],
  seconds: number,
  connections: number,
): Promise<{ rps: number; p50: number; p99: number; non2xx: number; errors: number }> {
  const args = [
    '-e',
    MIX_SCRIPT,
    path.join(root, 'node_modules/autocannon'),
    JSON.stringify({ base, paths, seconds, connections }),
  ];
  const r = await nodeJson<{
    duration: number;
    total: number;
    p50: number;
    p99: number;
    non2xx: number;
    errors: number;
  }>(args, 'mix load');
  return { rps: r.total / r.duration, p50: r.p50, p99: r.p99, non2xx: r.non2xx, errors: r.errors };
}
