import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyError } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { ZodError } from 'zod';
import type { Config } from './config.ts';
import { onConnectionLost, ping, type Database } from './db/client.ts';
import { outageCause } from './db/errors.ts';
import { ERROR_CODES, codeOfStatus, type ApiErrorBody } from '../shared/errors.ts';
import { NOT_FOUND_ISSUE } from '../shared/schemas/common.ts';
import { AppError, statusOf } from './lib/errors.ts';
import { requestLanguage } from './lib/messages.ts';
import { translatorFor } from './lib/message-translation.ts';
import { varyOnLanguage } from './lib/vary.ts';
import { loggerOptions } from './lib/logger.ts';
import { refuseUnstorableText } from './lib/storable-text.ts';
import { openapiPlugin } from './openapi/plugin.ts';
import type { App } from './lib/types.ts';
import { authPlugin } from './plugins/auth.ts';
import { contextPlugin } from './plugins/context.ts';
import { redisPlugin } from './plugins/redis.ts';
import { microCachePlugin } from './plugins/micro-cache.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { requestIdFrom, requestIdPlugin } from './plugins/request-id.ts';
import accountsPlugin from './modules/accounts/accounts.plugin.ts';
import usersAdminPlugin from './modules/users-admin/users-admin.plugin.ts';
import kycPlugin from './modules/kyc/kyc.plugin.ts';
import placesPlugin from './modules/places/places.plugin.ts';
import catalogPlugin from './modules/catalog/catalog.plugin.ts';
import shopsPlugin from './modules/shops/shops.plugin.ts';
import wishlistPlugin from './modules/wishlist/wishlist.plugin.ts';
import sizeChartsPlugin from './modules/size-charts/size-charts.plugin.ts';
import uploadsPlugin from './modules/uploads/uploads.plugin.ts';
import ordersPlugin from './modules/orders/orders.plugin.ts';
import currencyPlugin from './modules/currency/currency.plugin.ts';
import productImportsPlugin from './modules/product-imports/product-imports.plugin.ts';
import fulfilmentPlugin from './modules/fulfilment/fulfilment.plugin.ts';
import returnsPlugin from './modules/returns/returns.plugin.ts';
import refundsPlugin from './modules/refunds/refunds.plugin.ts';
import deliveryPlugin from './modules/delivery/delivery.plugin.ts';
import dashboardsPlugin from './modules/dashboards/dashboards.plugin.ts';
import gstPlugin from './modules/gst/gst.plugin.ts';
import commissionInvoicesPlugin from './modules/commission-invoices/commission-invoices.plugin.ts';
import settlementsPlugin from './modules/settlements/settlements.plugin.ts';
import taxDocumentsPlugin from './modules/tax-documents/tax-documents.plugin.ts';
import { storagePlugin } from './plugins/storage.ts';
import { jobsPlugin } from './jobs/jobs.plugin.ts';
import notificationsPlugin from './modules/notifications/notifications.plugin.ts';
import { paymentsPlugin } from './modules/payments/payments.plugin.ts';
import { registerWeb } from './web/web.ts';
import seoPlugin from './modules/seo/seo.plugin.ts';

export { webRoot } from './web/web.ts';

export type BuildOptions = {
  config: Config;
  db: Database;
  logger?: boolean;
  /** Where log lines go instead of stdout (the log-redaction test reads its log this way). */
  logStream?: DestinationStream;
  /** Told of every route as it is registered (the route-guard test lists them this way). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The server renderer's module instead of dist/ssr (the rendering-fallback test points it elsewhere). */
  ssrEntry?: string;
  /**
   * The job worker's app (src/server/worker.ts): every module, so every job handler, but no API docs page
   * and no web pages, which it never serves.
   */
  jobsOnly?: boolean;
};

/** Build the whole HTTP app: plugins → modules → one error handler. Tests call this too. */
export async function buildApp({
  config,
  db,
  logger,
  logStream,
  onRoute,
  ssrEntry,
  jobsOnly = false,
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(config, logStream),
    // Only the proxies the operator names may set X-Forwarded-For (TRUST_PROXY); otherwise any client could
    // choose its own req.ip and walk past every per-address rate limit.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1_048_576,
    // Request ids for log correlation: a safe incoming X-Request-Id, else a UUID; sent back in the
    // X-Request-Id header and in error bodies (plugins/request-id.ts), logged as `requestId`.
    genReqId: requestIdFrom,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));
  // Every schema part (body, query, params, headers) first refuses text PostgreSQL cannot store (ADR 0013).
  app.setValidatorCompiler(refuseUnstorableText(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  // A lost database connection is survived (ADR 0016), but logged so an operator sees the outage.
  const stopListening = onConnectionLost(db, (err) => app.log.warn({ err }, 'database connection lost'));
  app.addHook('onClose', async () => stopListening());
  await app.register(requestIdPlugin);
  await app.register(metricsPlugin);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(redisPlugin);
  // Limits are opted into per route (sign-up, reset, coupons…); see config.rateLimit on those routes.
  // With REDIS_URL the counters are shared by every instance; if Redis fails, requests are not refused.
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, skipOnError: true } : {}),
  });
  // The OpenAPI document; every API route needs its operationId in src/server/openapi/operations.ts.
  await app.register(openapiPlugin);
  // API_DOCS=0 takes the OpenAPI page and JSON away (README); the schemas still validate every route.
  if (config.apiDocs && !jobsOnly) await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(authPlugin);
  if (config.catalogCacheMs > 0) await app.register(microCachePlugin, { ttlMs: config.catalogCacheMs });
  await app.register(storagePlugin);
  await app.register(jobsPlugin);
  // req.ctx for every request, and deny-by-default under /api (plugins/public-routes.ts lists the exceptions).
  await app.register(contextPlugin);

  // The one error handler: every error body is `{ message, code, errors? }` (ApiErrorBody in
  // src/shared/errors.ts), with a stable code clients branch on; `requestId` is added on the way out.
  // Messages go out in the request's language (ADR 0136); the code never changes.
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const say = translatorFor(requestLanguage(req));
    varyOnLanguage(reply);
    const send = (status: number, body: ApiErrorBody) =>
      reply.status(status).send({
        ...body,
        message: say(body.message),
        ...(body.errors ? { errors: body.errors.map((e) => ({ ...e, message: say(e.message) })) } : {}),
      });
    if (err instanceof AppError) {
      const { message, code, errors, state } = err;
      return send(statusOf[err.kind], {
        message,
        code,
        ...(errors ? { errors } : {}),
        ...(state ? { state } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A path id that cannot name anything (`pathId` in src/shared/schemas/common.ts) is simply not found.
      const missing = err.validation.find(
        (v) =>
          (v.params as { params?: typeof NOT_FOUND_ISSUE }).params?.notFound === NOT_FOUND_ISSUE.notFound,
      );
      if (err.validationContext === 'params' && missing)
        return send(404, { message: missing.message ?? 'Not found', code: ERROR_CODES.not_found });
      const errors = err.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      return send(400, {
        message: errors[0]?.message ?? 'Invalid input',
        code: ERROR_CODES.invalid_input,
        errors,
      });
    }
    if (err instanceof ZodError) {
      const errors = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return send(400, {
        message: errors[0]?.message ?? 'Invalid input',
        code: ERROR_CODES.invalid_input,
        errors,
      });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return send(500, { message: 'Internal server error', code: ERROR_CODES.internal_error });
    }
    const outage = outageCause(err);
    if (outage) {
      // The database is down, restarting or too slow (ADR 0016): nothing is wrong with the request.
      req.log.warn({ outage }, 'database unavailable');
      void reply.header('retry-after', '5');
      return send(503, { message: 'Service temporarily unavailable', code: ERROR_CODES.service_unavailable });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      req.log.error({ err }, 'unhandled error');
      return send(500, { message: 'Internal server error', code: ERROR_CODES.internal_error });
    }
    // Fastify's and its plugins' own 4xx (a body too large, a bad content type, a rate limit…).
    const message =
      status === 429
        ? 'Too many attempts, please try again later'
        : status === 413
          ? 'Request is too large'
          : err.message;
    return send(status, { message, code: codeOfStatus(status) });
  });

  // A successful answer's `message` (`Logged out`, `Review added`) in the request's language too (ADR 0136).
  // Only for writes: a GET's body may be kept by the catalogue cache, which does not key on the language.
  app.addHook('preSerialization', async (req, reply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD') return payload;
    if (reply.statusCode >= 400 || typeof payload !== 'object' || payload === null) return payload;
    const { message } = payload as { message?: unknown };
    if (typeof message !== 'string') return payload;
    varyOnLanguage(reply);
    const translated = translatorFor(requestLanguage(req))(message);
    return translated === message ? payload : { ...payload, message: translated };
  });

  // One plugin per module (ADR 0019). Payments first: its decorator and CSP hook reach every route after
  // it, and its routes must come after contextPlugin and the error handler so both apply to them.
  await app.register(paymentsPlugin);

  app.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      // Bounded by the connect timeout, so a frozen database gives a prompt 503, not a hung probe.
      await ping(db, config.db.connectTimeoutMs);
      return { status: 'ok' };
    } catch {
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ status: 'unavailable', message: 'Service temporarily unavailable' });
    }
  });

  await app.register(accountsPlugin, { prefix: '/api' });
  await app.register(usersAdminPlugin, { prefix: '/api' });
  await app.register(kycPlugin, { prefix: '/api' });
  await app.register(placesPlugin, { prefix: '/api' });
  await app.register(catalogPlugin, { prefix: '/api' });
  await app.register(shopsPlugin, { prefix: '/api' });
  await app.register(wishlistPlugin, { prefix: '/api' });
  await app.register(sizeChartsPlugin, { prefix: '/api' });
  await app.register(uploadsPlugin, { prefix: '/api' });
  await app.register(ordersPlugin, { prefix: '/api' });
  await app.register(currencyPlugin, { prefix: '/api' });
  await app.register(productImportsPlugin, { prefix: '/api' });
  await app.register(fulfilmentPlugin, { prefix: '/api' });
  await app.register(returnsPlugin, { prefix: '/api' });
  await app.register(refundsPlugin, { prefix: '/api' });
  await app.register(deliveryPlugin, { prefix: '/api' });
  await app.register(dashboardsPlugin, { prefix: '/api' });
  await app.register(gstPlugin, { prefix: '/api' });
  await app.register(commissionInvoicesPlugin, { prefix: '/api' });
  await app.register(settlementsPlugin, { prefix: '/api' });
  await app.register(taxDocumentsPlugin, { prefix: '/api' });
  // Without a prefix: notifications go under /api, the development mailbox at /dev/mailbox.
  await app.register(notificationsPlugin);
  // robots.txt and the sitemap, at the site's root.
  await app.register(seoPlugin);

  if (!jobsOnly) await registerWeb(app, { ssrEntry });
  return app;
}
