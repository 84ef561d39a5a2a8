import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { queueStats } from '../jobs/queue.ts';
import { ordersPlaced, paymentsPaid } from '../lib/metrics.ts';
import type { App } from '../lib/types.ts';
import {
  catalogCacheEntries,
  catalogCacheInvalidations,
  catalogCacheLookups,
} from './catalog-cache-metrics.ts';

/**
 * GET /metrics in the Prometheus text format (docs/operations.md lists the metrics):
 * - METRICS_TOKEN set: served to `Authorization: Bearer <METRICS_TOKEN>` only, in every environment;
 * - otherwise, in production: not served at all (404), since request, order and payment figures are
 *   business data; outside production: served to this machine only (a loopback peer).
 * One registry per app, so several apps in one process (the tests) never share HTTP figures.
 */
export const metricsPlugin = fp(async (app: App) => {
  const { config } = app;
  if (config.production && !config.metricsToken) {
    // Off: a plain 404 (not the web app's index.html, which unknown GET paths get).
    app.get('/metrics', { schema: { hide: true } }, (_req, reply) =>
      reply.status(404).send({ message: 'Not found' }),
    );
    return;
  }

  const registry = new Registry();
  // Process CPU, memory, event-loop lag, GC: useful in a deployment, noise (and timers) in tests.
  if (config.env !== 'test') collectDefaultMetrics({ register: registry, prefix: 'haat_' });
  registry.registerMetric(ordersPlaced);
  registry.registerMetric(paymentsPaid);
  for (const metric of [catalogCacheLookups, catalogCacheInvalidations, catalogCacheEntries])
    registry.registerMetric(metric);

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'haat_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'haat_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern (/api/products/:id), never the raw URL: one series per route, not per id.
    const labels = {
      method: req.method,
      route: req.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = app.db.$client;
  new Gauge({
    name: 'haat_db_pool_connections',
    help: 'Database pool connections: total open, idle, and requests waiting for one.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'haat_db_pool_max',
    help: 'Most connections the database pool opens.',
    registers: [registry],
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });

  // Read from the jobs table on each scrape (any instance sees the whole queue). Without the database the
  // gauges keep no value rather than failing the scrape: the HTTP figures still matter most then.
  const jobsDue = new Gauge({
    name: 'haat_jobs_due',
    help: 'Jobs due now and not yet done or failed (the queue depth).',
    registers: [registry],
  });
  const oldestDue = new Gauge({
    name: 'haat_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has been waiting (0 when none is due).',
    registers: [registry],
  });
  const jobsFailed = new Gauge({
    name: 'haat_jobs_failed',
    help: 'Jobs that used up their attempts and will not run again (kept for inspection).',
    registers: [registry],
  });
  async function collectJobs() {
    const stats = await queueStats(app.db);
    jobsDue.set(stats.due);
    oldestDue.set(stats.oldestDueAgeSeconds);
    jobsFailed.set(stats.failed);
  }

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req, reply)) return reply;
    await collectJobs().catch((err: unknown) =>
      req.log.warn({ err }, 'metrics: could not read the job queue'),
    );
    return reply.type(registry.contentType).send(await registry.metrics());
  });

  function allowed(req: FastifyRequest, reply: FastifyReply): boolean {
    if (config.metricsToken) {
      const given = Buffer.from(/^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '');
      const wanted = Buffer.from(config.metricsToken);
      if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
      void reply.status(401).header('www-authenticate', 'Bearer').send({ message: 'Unauthorized' });
      return false;
    }
    // Development without a token: this machine only (the socket's peer, not X-Forwarded-For).
    if (loopbackPeer(req.socket.remoteAddress)) return true;
    void reply.status(404).send({ message: 'Not found' });
    return false;
  }
});

/** 127.0.0.0/8 and ::1 (also IPv4-mapped): a peer on this machine. */
function loopbackPeer(address = ''): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address);
}
