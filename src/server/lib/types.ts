import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Actor } from '#shared/permissions.ts';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/client.ts';

/** The Fastify instance every module registers on: zod-typed requests and replies. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What every service function takes first (STYLE: ctx first): who is asking, and where to query. */
export type Ctx = { db: Queryable; actor: Actor | null };
export type AuthedCtx = { db: Queryable; actor: Actor };

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
  }
  interface FastifyRequest {
    /** The signed-in person, or null. Set by the auth plugin on every request. */
    actor: Actor | null;
    /** How the session was presented; cookie-authenticated writes get an Origin check. */
    authVia: 'cookie' | 'bearer' | null;
    sessionId: string | null;
  }
}
