import { z } from 'zod';
import { ACCOUNT_MSG } from '#shared/accounts.ts';
import { MSG } from '#shared/messages.ts';
import { messageSchema, idParams } from '#shared/schemas/common.ts';
import {
  authResponse,
  loginBody,
  profileBody,
  publicUserSchema,
  registerBody,
  roleSchema,
  userSchema,
} from '#shared/schemas/user.ts';
import { AppError } from '../../lib/errors.ts';
import type { App } from '../../lib/types.ts';
import {
  LOGIN_LIMITS,
  LoginLimiter,
  MemoryCounterStore,
  RedisCounterStore,
} from '../../plugins/login-limiter.ts';
import { clearSessionCookie, setSessionCookie } from '../../plugins/auth.ts';
import { syncLanguageAtSignIn } from './language.routes.ts';
import * as accounts from './accounts.service.ts';
import { signedIn } from '../../plugins/context.ts';

const userIdParams = idParams('User not found');

/** Accounts: registration, sign-in/out, own profile, roles, public names (docs/product/api.md Users, docs/product/roles-and-accounts.md). */
export default async function accountsRoutes(app: App) {
  // Failed sign-ins are counted in Redis when REDIS_URL is set (shared by all instances), else in memory.
  const loginLimiter = new LoginLimiter(
    LOGIN_LIMITS,
    app.redis
      ? new RedisCounterStore(app.redis, 'haat:login:', new MemoryCounterStore(), (err) =>
          app.log.warn({ err }, 'login limiter: Redis unavailable, counting in this process'),
        )
      : new MemoryCounterStore(),
  );

  app.post(
    '/users',
    {
      // Each sign-up hashes a password (tens of ms of CPU): cap sign-ups per address.
      config: { rateLimit: { max: 50, timeWindow: '15 minutes' } },
      schema: { tags: ['users'], summary: 'Register', body: registerBody, response: { 201: authResponse } },
    },
    async (req, reply) => {
      const { user, token, expiresAt } = await accounts.register(req.ctx, req.body);
      setSessionCookie(reply, token, expiresAt);
      await syncLanguageAtSignIn(req, reply, user._id);
      return reply.status(201).send({ ...user, token });
    },
  );

  app.post(
    '/users/login',
    { schema: { tags: ['users'], summary: 'Sign in', body: loginBody, response: { 200: authResponse } } },
    async (req, reply) => {
      const attempt = await loginLimiter.attempt(req.ip, req.body.email);
      if (!attempt.allowed) {
        reply.header('retry-after', String(attempt.retryAfterSeconds));
        throw new AppError('rate_limited', MSG.tooManyAttempts, { code: 'rate_limited' });
      }
      let signedIn: Awaited<ReturnType<typeof accounts.login>>;
      try {
        signedIn = await accounts.login(req.ctx, req.body);
      } catch (err) {
        // Only a wrong e-mail or password is a failed guess; a database outage (503) is not the user's.
        if (!(err instanceof AppError && err.code === 'invalid_login')) await attempt.succeeded();
        throw err;
      }
      const { user, token, expiresAt } = signedIn;
      await attempt.succeeded();
      setSessionCookie(reply, token, expiresAt);
      await syncLanguageAtSignIn(req, reply, user._id);
      return { ...user, token };
    },
  );

  app.post(
    '/users/logout',
    { schema: { tags: ['users'], summary: 'Sign out', response: { 200: messageSchema } } },
    async (req, reply) => {
      await accounts.logout(req.ctx, req.sessionId);
      clearSessionCookie(reply);
      return { message: ACCOUNT_MSG.loggedOut };
    },
  );

  app.get(
    '/users/profile',
    {
      schema: { tags: ['users'], summary: 'My profile', response: { 200: userSchema } },
    },
    async (req) => accounts.getProfile(signedIn(req), 'profile'),
  );

  // The browser's "who is signed in?" (ADR 0131): a stranger gets 200 with null rather than 401, so a
  // signed-out page load logs no failed request. GET /users/profile keeps its 401 for API clients.
  app.get(
    '/users/session',
    {
      schema: {
        tags: ['users'],
        summary: 'Who is signed in: my profile, or null',
        response: { 200: z.object({ user: userSchema.nullable() }) },
      },
    },
    async (req) => ({ user: req.ctx.actor ? await accounts.getProfile(signedIn(req), 'profile') : null }),
  );

  app.put(
    '/users/profile',
    {
      schema: {
        tags: ['users'],
        summary: 'Update my profile',
        body: profileBody,
        response: { 200: userSchema },
      },
    },
    async (req, reply) => {
      // A check of the current password counts against the same limits as a sign-in.
      const gate: accounts.PasswordGate = async (email) => {
        const attempt = await loginLimiter.attempt(req.ip, email);
        if (!attempt.allowed) {
          reply.header('retry-after', String(attempt.retryAfterSeconds));
          throw new AppError('rate_limited', MSG.tooManyAttempts, { code: 'rate_limited' });
        }
        return attempt.succeeded;
      };
      return accounts.updateProfile(signedIn(req), req.sessionId, req.body, gate);
    },
  );

  app.get(
    '/users/public/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Public name of a user',
        params: userIdParams,
        response: { 200: publicUserSchema },
      },
    },
    async (req) => accounts.getPublicUser(req.ctx, req.params.id),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: "A user's profile ('profile' = mine; others: Admin, Auditor)",
        params: userIdParams,
        response: { 200: userSchema },
      },
    },
    async (req) => accounts.getProfile(signedIn(req), req.params.id),
  );

  app.get(
    '/roles',
    { schema: { tags: ['users'], summary: 'Roles', response: { 200: z.array(roleSchema) } } },
    async (req) => accounts.listRoles(req.ctx),
  );
}
