import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasRole, isActive, type Actor } from '#shared/permissions.ts';
import type { RoleName } from '#shared/roles.ts';
import { MSG } from '#shared/messages.ts';
import { actorForToken } from '../modules/accounts/accounts.service.ts';
import { forbidden, unauthenticated } from '../lib/errors.ts';
import type { App } from '../lib/types.ts';

export const SESSION_COOKIE = 'haat_session';
// Sessions are stored and read by the accounts module (ADR 0019: all SQL lives in repos); re-exported
// here for the callers that already import them with the cookie helpers.
export {
  actorForToken,
  createSession,
  hashToken,
  SESSION_DAYS,
} from '../modules/accounts/accounts.service.ts';

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date) {
  const secure = reply.request.protocol === 'https' || !!reply.server.config.publicUrl?.startsWith('https:');
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origin of a Referer header; undefined (and so refused) when it is missing or not a URL. */
function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/** The origin browsers must send on cookie-authenticated writes: PUBLIC_URL, else the request's own host. */
function expectedOrigin(req: FastifyRequest): string {
  return req.server.config.publicUrl ?? `${req.protocol}://${req.host}`;
}

/**
 * Resolves `request.actor` from `Authorization: Bearer …` or the session cookie, and refuses
 * cookie-authenticated writes from other origins (docs/product/roles-and-accounts.md, CSRF).
 */
export const authPlugin = fp(async (app: App) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('sessionId', null);

  app.addHook('onRequest', async (req) => {
    const bearer = bearerToken(req);
    const cookie = req.cookies[SESSION_COOKIE];
    const token = bearer ?? cookie ?? null;
    if (!token) return;
    const via = bearer ? 'bearer' : 'cookie';
    if (via === 'cookie' && UNSAFE.has(req.method)) {
      const origin = req.headers.origin ?? refererOrigin(req.headers.referer);
      if (origin !== expectedOrigin(req)) throw forbidden('Cross-site request refused', 'cross_site_request');
    }
    const found = await actorForToken(app.db, token);
    if (!found) return; // unknown or expired token: treated as signed out
    req.actor = found.actor;
    req.sessionId = found.sessionId;
    req.authVia = via;
  });
});

/**
 * Route guard: any signed-in person, active or not. Only for what an inactive account keeps: its own
 * profile, its own past orders, a seller's onboarding. Anything that acts uses `requireActive` or stronger.
 */
export async function requireAuth(req: FastifyRequest): Promise<void> {
  if (!req.actor) throw unauthenticated(MSG.signInRequired);
}

/**
 * Route guard: a signed-in, active account (ordering, paying, reviewing). An inactive account holds no
 * power of any role, so `requireRole` and `requirePermission` start with this check too.
 */
export async function requireActive(req: FastifyRequest): Promise<void> {
  if (!req.actor) throw unauthenticated(MSG.signInRequired);
  if (!isActive(req.actor)) throw forbidden(MSG.accountInactive, 'account_inactive');
}

/** Route guard factory: signed in, active and holding one of `roleNames`. */
export function requireRole(...roleNames: RoleName[]) {
  return async function requireRoleHook(req: FastifyRequest): Promise<void> {
    await requireActive(req);
    if (!hasRole(req.actor, ...roleNames)) throw forbidden(MSG.notAllowed);
  };
}

/** Route guard factory: signed in, active, and a pure permission predicate from `#shared/permissions.ts`. */
export function requirePermission(allowed: (actor: Actor) => boolean) {
  return async function requirePermissionHook(req: FastifyRequest): Promise<void> {
    await requireActive(req);
    if (!req.actor || !allowed(req.actor)) throw forbidden(MSG.notAllowed);
  };
}

/** Narrow `req.actor` after a guard ran. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw unauthenticated(MSG.signInRequired);
  return req.actor;
}
