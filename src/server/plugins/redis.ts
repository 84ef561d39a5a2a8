import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { App } from '../lib/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** A Redis client when REDIS_URL is set: shared rate-limit counters for several instances. */
    redis: Redis | null;
  }
}

/**
 * REDIS_URL is optional (docs/product/deployment-safety.md#running-haat): it only makes rate-limit counters shared between app instances.
 * Commands fail fast instead of queueing while Redis is away, so limits degrade to per-process counting.
 */
export const redisPlugin = fp(async (app: App) => {
  const url = app.config.redisUrl;
  if (!url) {
    app.decorate('redis', null);
    return;
  }
  // Loaded only when REDIS_URL is set: most shops run one instance and never hold the client (ADR 0140).
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
  });
  redis.on('error', (err) => app.log.warn({ err }, 'redis error'));
  app.decorate('redis', redis);
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
});
