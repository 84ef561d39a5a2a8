import type { FastifyBaseLogger, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Actor } from '#shared/permissions.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { unauthenticated } from '../lib/errors.ts';
import type { Storage } from '../lib/storage.ts';
import type { App } from '../lib/types.ts';
import { MSG } from '#shared/messages.ts';
import { requireAuth } from './auth.ts';
import { isApiRoute, isPublicRoute } from './public-routes.ts';

/**
 * What a route hands to a service (services take it first): who is acting and the app's dependencies.
 * Built once per request, right after the auth plugin found the actor.
 */
export type RequestCtx = {
  db: Database;
  actor: Actor | null;
  config: Config;
  storage: Storage;
  log: FastifyBaseLogger;
};
/** The context of a route that requires a signed-in caller (every non-public API route). */
export type SignedInCtx = RequestCtx & { actor: Actor };

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's context, set by plugins/context.ts before any route hook or validation runs. */
    ctx: RequestCtx;
  }
}

/**
 * `req.ctx` with its actor known to be there. Every non-public API route already refused strangers
 * (deny-by-default below), so this only narrows the type; it still refuses if called on a public route.
 */
export function signedIn(req: FastifyRequest): SignedInCtx {
  const { ctx } = req;
  if (!ctx.actor) throw unauthenticated(MSG.signInRequired);
  return ctx as SignedInCtx;
}

type Hook = NonNullable<RouteOptions['onRequest']>;

/**
 * One request pipeline for the API:
 * 1. `req.ctx` is built for every request from the actor the auth plugin found and the app's decorators.
 * 2. Deny by default: every route under /api that is not in PUBLIC_ROUTES gets `requireAuth` as its first
 *    `onRequest` hook, so a stranger gets 401 before the body is read or validated, whatever the route.
 *    Routes add role and active checks (`requireRole`, `requirePermission`, `requireActive`) as their own
 *    `onRequest` guards, which run after this one and also before validation.
 * Registered after the auth and storage plugins and before the modules (its onRoute hook sees them all).
 */
export const contextPlugin = fp(async (app: App) => {
  app.decorateRequest('ctx', null as unknown as RequestCtx);

  app.addHook('onRequest', async (req) => {
    req.ctx = { db: app.db, actor: req.actor, config: app.config, storage: app.storage, log: req.log };
  });

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const methods = [route.method].flat();
    if (methods.every((m) => isPublicRoute(m, route.url))) return;
    const own: Hook[] = route.onRequest === undefined ? [] : [route.onRequest as Hook].flat();
    route.onRequest = [requireAuth as Hook, ...own] as Hook;
  });
});
