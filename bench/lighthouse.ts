/**
 * Lighthouse mobile scores of the storefront (docs/decisions/0128-realistic-bench.md): home, search,
 * category and product pages, with Lighthouse's default mobile preset (a mid-range phone, 4G, CPU slowed
 * down 4×, simulated throttling) in Debian's Chromium. Each page runs in a Lighthouse CLI child process.
 *
 *   npm run bench -- --only lighthouse            on the bench app (generated or --database catalogue)
 *   npx tsx bench/lighthouse.ts http://127.0.0.1:5000 [/product/<id> …]   on a running app
 *
 * BENCH_CHROME (default /usr/bin/chromium) names the browser; BENCH_LIGHTHOUSE_RUNS (default 1) runs each
 * page that many times and keeps the run with the median performance score.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (msg: string) => process.stdout.write(`[bench] ${msg}\n`);

export type PagePath = { name: string; path: string };
export type Scores = {
  name: string;
  url: string;
  error?: string;
  performance?: number;
  accessibility?: number;
  seo?: number;
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  /** Bytes of JavaScript transferred (compressed as served) and in all. */
  scriptBytes?: number;
  totalBytes?: number;
};

/** '/categories/men/topwear/t-shirts' as the web app links it (lower case, spaces as dashes). */
const slug = (s: string) => encodeURIComponent(s.trim().toLowerCase().replace(/\s+/g, '-'));

/** The four storefront pages on a bench catalogue: a busy category, a common keyword, a product in it. */
export async function storefrontPaths(dbUrl: string): Promise<PagePath[]> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const cat = (
      await client.query<{ id: string; a: string; b: string; c: string }>(
        `select id, category as a, sub_category as b, level_three_category as c from categories
         where level_three_category = 'Kurtas' limit 1`,
      )
    ).rows[0];
    const product = (
      await client.query<{ id: string }>(
        `select id from products where status and count_in_stock > 0 and category_id = $1
         order by created_at desc limit 1`,
        [cat?.id],
      )
    ).rows[0];
    const paths: PagePath[] = [
      { name: 'home', path: '/' },
      { name: 'search', path: '/search/kurta' },
    ];
    if (cat)
      paths.push({ name: 'category', path: `/categories/${[cat.a, cat.b, cat.c].map(slug).join('/')}` });
    if (product) paths.push({ name: 'product', path: `/product/${product.id}` });
    return paths;
  } finally {
    await client.end();
  }
}

type LighthouseJson = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<
    string,
    | { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
    | undefined
  >;
  runtimeError?: { message: string };
};

function runLighthouse(url: string): Promise<LighthouseJson> {
  const chrome = process.env.BENCH_CHROME || '/usr/bin/chromium';
  const args = [
    path.join(root, 'node_modules/lighthouse/cli/index.js'),
    url,
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    '--only-categories=performance,accessibility,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
    '--max-wait-for-load=60000',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, CHROME_PATH: chrome },
    });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (out += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (err += c));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        resolve(JSON.parse(out) as LighthouseJson);
      } catch {
        reject(new Error(`lighthouse exited ${String(code)}: ${(err || out).slice(-2000)}`));
      }
    });
  });
}

/**
 * Lighthouse sometimes loses its own trace of a page load (NO_NAVSTART, seen on the search page about one
 * run in two on this machine) and says "Please run Lighthouse again": it is, up to three times.
 */
async function runLighthouseAgainIfAsked(url: string): Promise<LighthouseJson> {
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await runLighthouse(url);
      if (attempt < 3 && /run Lighthouse again/i.test(r.runtimeError?.message ?? '')) continue;
      return r;
    } catch (err) {
      if (attempt < 3 && /run Lighthouse again/i.test((err as Error).message)) continue;
      throw err;
    }
  }
}

function scoresOf(name: string, url: string, r: LighthouseJson): Scores {
  const score = (c: string) => {
    const s = r.categories[c]?.score;
    return s === null || s === undefined ? undefined : Math.round(s * 100);
  };
  const value = (a: string) => r.audits[a]?.numericValue;
  const requests = r.audits['network-requests']?.details?.items ?? [];
  return {
    name,
    url,
    error: r.runtimeError?.message,
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    scriptBytes: requests
      .filter((i) => i.resourceType === 'Script')
      .reduce((s, i) => s + (i.transferSize ?? 0), 0),
    totalBytes: value('total-byte-weight'),
  };
}

const lighthouseRuns = () => Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 1);
const lighthouseRunsLabel = () =>
  lighthouseRuns() === 1 ? 'one run per page' : `the median of ${String(lighthouseRuns())} runs per page`;

/** Each page in turn (one browser at a time: two would slow each other down on two cores). */
export async function lighthousePages(base: string, pages: PagePath[]): Promise<Scores[]> {
  const runs = lighthouseRuns();
  const out: Scores[] = [];
  for (const page of pages) {
    const url = new URL(page.path, base).toString();
    say(`lighthouse (mobile): ${page.name} ${url}${runs > 1 ? `, ${runs} runs` : ''}`);
    try {
      // A first request warms the server's caches, as a page someone else just opened would be.
      await (await fetch(url, { signal: AbortSignal.timeout(60_000) })).arrayBuffer();
      const all: Scores[] = [];
      for (let i = 0; i < runs; i++) all.push(scoresOf(page.name, url, await runLighthouseAgainIfAsked(url)));
      all.sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
      const s = all[Math.floor(all.length / 2)]!;
      out.push(s);
      // As it comes, too: a page that hangs the app must not take the others' figures with it.
      say(
        `  ${page.name}: performance ${s.performance ?? '-'}, accessibility ${s.accessibility ?? '-'}, SEO ${s.seo ?? '-'}, ` +
          `FCP ${((s.fcpMs ?? NaN) / 1000).toFixed(1)} s, LCP ${((s.lcpMs ?? NaN) / 1000).toFixed(1)} s, ` +
          `TBT ${(s.tbtMs ?? NaN).toFixed(0)} ms, CLS ${(s.cls ?? NaN).toFixed(3)}, JS ${((s.scriptBytes ?? NaN) / 1024).toFixed(0)} KiB` +
          `${s.error ? ` (${s.error.split('\n')[0]!})` : ''}`,
      );
    } catch (err) {
      out.push({ name: page.name, url, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}

export function printLighthouse(scores: Scores[]): void {
  const header = [
    'page',
    'performance',
    'accessibility',
    'SEO',
    'FCP s',
    'LCP s',
    'TBT ms',
    'CLS',
    'JS KiB',
    'all KiB',
  ];
  const n = (x: number | undefined, f: (x: number) => string) => (x === undefined ? '-' : f(x));
  const body = scores.map((s) =>
    s.error && s.performance === undefined
      ? [s.name, `failed: ${s.error.split('\n')[0]!.slice(0, 120)}`, '', '', '', '', '', '', '', '']
      : [
          s.name,
          n(s.performance, String),
          n(s.accessibility, String),
          n(s.seo, String),
          n(s.fcpMs, (x) => (x / 1000).toFixed(1)),
          n(s.lcpMs, (x) => (x / 1000).toFixed(1)),
          n(s.tbtMs, (x) => x.toFixed(0)),
          n(s.cls, (x) => x.toFixed(3)),
          n(s.scriptBytes, (x) => (x / 1024).toFixed(0)),
          n(s.totalBytes, (x) => (x / 1024).toFixed(0)),
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  process.stdout.write(
    `\nLighthouse ${lighthouseVersion()} mobile (default preset: simulated slow 4G, 4× CPU slowdown), ${lighthouseRunsLabel()}:\n` +
      `${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n`,
  );
  for (const b of body) process.stdout.write(`${line(b)}\n`);
  process.stdout.write(
    `JS KiB / all KiB: bytes transferred as served (compressed when the server compresses)\n`,
  );
  for (const s of scores) if (s.error) process.stdout.write(`  ${s.name}: ${s.error.split('\n')[0]}\n`);
}

function lighthouseVersion(): string {
  try {
    const file = path.join(root, 'node_modules/lighthouse/package.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '';
  }
}

// Alone: `npx tsx bench/lighthouse.ts <base URL> [path …]`.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [base, ...paths] = process.argv.slice(2);
  if (!base) {
    process.stderr.write(
      'usage: npx tsx bench/lighthouse.ts <base URL> [path …] (default: / and /search/kurta)\n',
    );
    process.exit(2);
  }
  const pages = (paths.length ? paths : ['/', '/search/kurta']).map((p) => ({ name: p, path: p }));
  lighthousePages(base, pages).then(
    (s) => {
      printLighthouse(s);
      process.exit(0);
    },
    (err: unknown) => {
      process.stderr.write(String(err));
      process.exit(1);
    },
  );
}
