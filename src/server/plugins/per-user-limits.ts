import type { FastifyRequest } from 'fastify';

/**
 * Per-user request limits for writes a signed-in person makes (docs/decisions/0010-abuse-limits.md), as
 * `config: { rateLimit }` of @fastify/rate-limit (registered in app.ts, shared through Redis when
 * `REDIS_URL` is set). The key is the signed-in user, so people behind one address (an office, a mobile
 * carrier) do not share a budget and one account cannot spread its requests over many addresses; a
 * stranger falls back to the address (and is then refused by the route's guard anyway).
 *
 * The route-level hook runs after the app-level auth hook, so `req.actor` is known here.
 */
export const userKey = (req: FastifyRequest): string => (req.actor ? `user:${req.actor.id}` : `ip:${req.ip}`);

const perUser = (max: number, timeWindow: string) => ({
  max,
  timeWindow,
  keyGenerator: userKey,
  // USER_WRITE_LIMITS=0 (the default under NODE_ENV=test, and for the bench's one buyer) turns them off.
  allowList: (req: FastifyRequest) => !req.server.config.userWriteLimits,
});

/** The limits, in one place (README lists them). */
export const PER_USER_LIMITS = {
  /** POST /api/orders: far beyond a real shopper, low enough that a script cannot empty the stock. */
  placeOrder: perUser(30, '10 minutes'),
  /** POST /api/products/:id/reviews. */
  review: perUser(10, '1 hour'),
} as const;
