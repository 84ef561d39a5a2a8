import { isIPv4, isIPv6 } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_FACET_COUNT_LIMIT } from '#shared/facets.ts';
import { DEFAULT_ORDER_QTY_LIMIT } from '#shared/order-quantity.ts';
import { MAX_LINE_QTY } from '#shared/schemas/order.ts';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

/** Every setting Haat reads from the environment, validated once at start-up (docs/product/deployment-safety.md#running-haat). */
const envSchema = z.object({
  /** Unset: `production` when DATABASE_URL is set (a real deployment), else `development`. */
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_URL: z.url().optional(),
  /**
   * Which proxies may set X-Forwarded-For: a hop count ("1"), "true" (any: only behind a proxy that
   * overwrites the header), or a comma-separated list of addresses/CIDRs. Unset: none, the socket's address.
   */
  TRUST_PROXY: z.string().optional(),
  SEED_DEMO: bool.optional(),
  /** `0` turns the OpenAPI page and JSON at /api/docs off; on by default, production included. */
  API_DOCS: bool.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default('Haat <no-reply@haat.test>'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** RazorpayX Payouts (seller payouts, docs/decisions/0121-payouts.md): API keys, the business account paid from, webhook secret. */
  RAZORPAYX_KEY_ID: z.string().optional(),
  RAZORPAYX_KEY_SECRET: z.string().optional(),
  RAZORPAYX_ACCOUNT_NUMBER: z.string().optional(),
  RAZORPAYX_WEBHOOK_SECRET: z.string().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  /** PayPal REST base; https://api-m.sandbox.paypal.com for PayPal's developer sandbox credentials. */
  PAYPAL_API_URL: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  RATES_URL: z.url().optional(),
  GEOIP_URL: z.url().optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Secret for signed links and sandbox payments; generated per data dir when unset. */
  APP_SECRET: z.string().min(32).optional(),
  /** Catalogue cache time to live, in ms (0 = off; ADR 0124); off by default under NODE_ENV=test. */
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  /**
   * The most matching products the facet counts of one storefront list read (ADR 0138); past it the
   * counts come from the first ones read and the total is a lower bound.
   */
  FACET_COUNT_LIMIT: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_FACET_COUNT_LIMIT),
  /** `0` turns the per-user limits on placing orders and reviews off; on unless NODE_ENV=test. */
  USER_WRITE_LIMITS: bool.optional(),
  /** The most units of one item (product variant) one order may hold (ADR 0132). */
  ORDER_QTY_LIMIT: z.coerce.number().int().min(1).max(MAX_LINE_QTY).default(DEFAULT_ORDER_QTY_LIMIT),
  /** Longest wait for a database connection (new or a free pool slot), in ms; then 503 (ADR 0016). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /** Longest a single SQL statement may run, in ms; then 503 (ADR 0016). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Background jobs (mails, webhooks, imports) one process runs at once (ADR 0125). */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * Where background jobs run (ADR 0140): `separate` (default), a worker process that `npm start` forks
   * beside the web server; `inline`, in the web server's own process; `off`, nowhere here (the web server
   * only queues them; run `npm run worker` elsewhere on the same database).
   */
  JOB_RUNNER: z.enum(['inline', 'separate', 'off']).default('separate'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Bearer token for GET /metrics; in production /metrics is off without it (docs/operations.md). */
  METRICS_TOKEN: z.string().min(16).optional(),
});

export type Env = z.infer<typeof envSchema>;
type NodeEnv = 'development' | 'production' | 'test';

export type Config = {
  env: NodeEnv;
  production: boolean;
  port: number;
  trustProxy: boolean | number | string[];
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  publicUrl: string | undefined;
  seedDemo: boolean;
  apiDocs: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  razorpay: { keyId?: string; keySecret?: string; webhookSecret?: string };
  razorpayx: { keyId?: string; keySecret?: string; accountNumber?: string; webhookSecret?: string };
  paypal: { clientId?: string; clientSecret?: string; apiUrl?: string };
  s3?: { bucket: string; endpoint?: string; region?: string; accessKeyId?: string; secretAccessKey?: string };
  ratesUrl: string | undefined;
  geoipUrl: string | undefined;
  redisUrl: string | undefined;
  appSecret: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  metricsToken: string | undefined;
  catalogCacheMs: number;
  /** FACET_COUNT_LIMIT: the most matches one list's facet pass reads (ADR 0138). */
  facetCountLimit: number;
  userWriteLimits: boolean;
  /** ORDER_QTY_LIMIT: the most units of one item an order may hold; the steppers stop there too. */
  orderQtyLimit: number;
  db: { connectTimeoutMs: number; statementTimeoutMs: number };
  jobs: { concurrency: number; mode: Env['JOB_RUNNER'] };
};

export class ConfigError extends Error {}

/** Parse the environment; throws ConfigError with one line per bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as they do in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // A deployment on its own database is production unless it says otherwise: no sandbox payments, no
  // /dev/mailbox, no demo accounts (docs/product/deployment-safety.md#demo-shop, docs/product/payments.md).
  const env: NodeEnv = e.NODE_ENV ?? (e.DATABASE_URL ? 'production' : 'development');
  return {
    env,
    production: env === 'production',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    // Demo accounts have a published password: by default only on the embedded database outside
    // production; anywhere else only when SEED_DEMO=1 asks for them.
    seedDemo: e.SEED_DEMO ?? (!e.DATABASE_URL && env !== 'production'),
    apiDocs: e.API_DOCS ?? true,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
    },
    razorpayx: {
      keyId: e.RAZORPAYX_KEY_ID,
      keySecret: e.RAZORPAYX_KEY_SECRET,
      accountNumber: e.RAZORPAYX_ACCOUNT_NUMBER,
      webhookSecret: e.RAZORPAYX_WEBHOOK_SECRET,
    },
    paypal: { clientId: e.PAYPAL_CLIENT_ID, clientSecret: e.PAYPAL_CLIENT_SECRET, apiUrl: e.PAYPAL_API_URL },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        }
      : undefined,
    ratesUrl: e.RATES_URL,
    geoipUrl: e.GEOIP_URL,
    redisUrl: e.REDIS_URL,
    appSecret: e.APP_SECRET,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    // Tests write rows straight into the database, which no cache can see: they opt in explicitly.
    catalogCacheMs: e.CATALOG_CACHE_MS ?? (env === 'test' ? 0 : 10_000),
    facetCountLimit: e.FACET_COUNT_LIMIT,
    // Tests place many orders as one buyer; the per-user limits' own test turns them on.
    userWriteLimits: e.USER_WRITE_LIMITS ?? env !== 'test',
    orderQtyLimit: e.ORDER_QTY_LIMIT,
    db: { connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS },
    jobs: { concurrency: e.JOBS_CONCURRENCY, mode: e.JOB_RUNNER },
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}

/** 127.0.0.0/8, ::1 (also IPv4-mapped) and `localhost`: addresses no other machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.replace(/^::ffff:/, '');
  return isIPv4(v4) && v4.startsWith('127.');
}

/**
 * Development conveniences (payment sandboxes, /dev/mailbox, demo accounts, links to the local server)
 * exist only outside production and only while the server listens on loopback, where nobody but this
 * machine's user can use them (docs/decisions: development conveniences only on loopback).
 */
export function conveniencesAllowed(
  config: Pick<Config, 'production' | 'host' | 'trustProxy' | 'publicUrl'>,
): boolean {
  return !config.production && !reachableBeyondLoopback(config);
}

/**
 * Whether other machines can reach this server: it listens beyond loopback, or a reverse proxy on this
 * machine forwards to it (TRUST_PROXY names one, or PUBLIC_URL is an address other than loopback).
 */
export function reachableBeyondLoopback(config: Pick<Config, 'host' | 'trustProxy' | 'publicUrl'>): boolean {
  if (!isLoopbackHost(config.host)) return true;
  if (config.trustProxy !== false) return true;
  return !!config.publicUrl && !isLoopbackHost(new URL(config.publicUrl).hostname);
}

/**
 * Any real payment credential turns every payment sandbox off, not only that provider's. RazorpayX keys
 * count too: with real payouts, a sandbox "payment" would become money really paid to a seller.
 */
export function hasRealPaymentKeys(
  config: Pick<Config, 'razorpay' | 'paypal'> & Partial<Pick<Config, 'razorpayx'>>,
): boolean {
  const { razorpay: rz, paypal: pp } = config;
  const rx = config.razorpayx ?? {};
  return !!(
    rz.keyId ||
    rz.keySecret ||
    rz.webhookSecret ||
    pp.clientId ||
    pp.clientSecret ||
    rx.keyId ||
    rx.keySecret ||
    rx.webhookSecret
  );
}

/**
 * Where links in e-mails and signed links point: PUBLIC_URL, else (loopback development) the address
 * this server listens on. Never a request header, which the client chooses.
 */
export function linkOrigin(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${isIPv6(host) ? `[${host}]` : host}:${config.port}`;
}

/**
 * What a server needs before it serves traffic. Production: PUBLIC_URL, the origin of every e-mailed
 * link. Development on an address other machines can reach: no convenience may be on, since each one
 * gives something away there (free "payments", other users' reset links, an admin with a known password).
 */
export function assertServable(config: Config): void {
  if (config.production && !config.publicUrl) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_URL: required in production (e.g. https://shop.example.com)',
    );
  }
  const halfKeys = [
    ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', !!config.razorpay.keyId, !!config.razorpay.keySecret],
    ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', !!config.paypal.clientId, !!config.paypal.clientSecret],
    ['RAZORPAYX_KEY_ID', 'RAZORPAYX_KEY_SECRET', !!config.razorpayx.keyId, !!config.razorpayx.keySecret],
    [
      'RAZORPAYX_KEY_ID',
      'RAZORPAYX_ACCOUNT_NUMBER',
      !!config.razorpayx.keyId,
      !!config.razorpayx.accountNumber,
    ],
    // Without the webhook secret no payout would ever leave processing: refuse it like a half pair.
    [
      'RAZORPAYX_KEY_ID',
      'RAZORPAYX_WEBHOOK_SECRET',
      !!config.razorpayx.keyId,
      !!config.razorpayx.keyId && !!config.razorpayx.webhookSecret,
    ],
  ] as const;
  for (const [a, b, hasA, hasB] of halfKeys) {
    if (hasA !== hasB) {
      throw new ConfigError(`Invalid configuration:\n  ${hasA ? b : a}: required with ${hasA ? a : b}`);
    }
  }
  if (config.production || !reachableBeyondLoopback(config)) return;
  const exposed = [
    !hasRealPaymentKeys(config) && 'payment sandboxes (no payment keys)',
    !config.smtpUrl && '/dev/mailbox (no SMTP_URL)',
    config.seedDemo && 'demo accounts',
    !config.publicUrl && 'e-mail links without PUBLIC_URL',
  ].filter(Boolean);
  if (exposed.length > 0) {
    throw new ConfigError(
      `Refusing to serve development conveniences (${exposed.join(', ')}) where other machines can reach ` +
        `them (HOST=${config.host}${config.trustProxy !== false ? ', TRUST_PROXY set' : ''}` +
        `${config.publicUrl ? `, PUBLIC_URL=${config.publicUrl}` : ''}): set HOST=127.0.0.1 without a proxy ` +
        'for development, or NODE_ENV=production with ' +
        'PUBLIC_URL (and payment keys, SMTP_URL) to serve other machines.',
    );
  }
}

/** The configuration a process that serves or sends links needs; a bad one is one message, then exit 1. */
export function servableConfigOrExit(): Config {
  try {
    const config = loadConfig();
    assertServable(config);
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
