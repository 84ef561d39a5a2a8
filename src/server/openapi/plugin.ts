import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorSchema } from '#shared/schemas/common.ts';
import { linkOrigin } from '../config.ts';
import type { App } from '../lib/types.ts';
import { SESSION_COOKIE } from '../plugins/auth.ts';
import { isPublicRoute } from '../plugins/public-routes.ts';
import { API_TAGS, OPERATIONS, operationKey, type Operation } from './operations.ts';

/** The two ways to carry a session (plugins/auth.ts): either one satisfies a guarded operation. */
export const SECURITY_SCHEMES = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    description: 'The session token from sign-in (`token` in its answer): `Authorization: Bearer <token>`.',
  },
  cookieAuth: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      'The session cookie sign-in sets. Writes authenticated by the cookie must come from the site itself ' +
      '(`Origin` check).',
  },
} as const;

/** What a guarded operation asks for: a bearer token or the session cookie. */
export const SIGNED_IN: { [scheme: string]: string[] }[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

type RouteSchema = FastifySchema & { hide?: boolean; response?: Record<string, unknown> };

/** The operation of a route, or undefined for one the document hides (docs pages, web files, /healthz). */
function operationOf(method: string, url: string, schema: RouteSchema | undefined): Operation | undefined {
  if (schema?.hide) return undefined;
  const op = OPERATIONS[operationKey(method, url)];
  if (!op) {
    throw new Error(
      `No OpenAPI operation for "${operationKey(method, url)}": give it an operationId and a tag in ` +
        'src/server/openapi/operations.ts (or hide it from the document with schema.hide).',
    );
  }
  return op;
}

const methodsOf = (method: string | string[]) =>
  [method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

/**
 * Each route's zod schema as JSON Schema (jsonSchemaTransform), plus what the document promises clients:
 * the operationId and tag from operations.ts, and the security requirement: `[]` for the public routes
 * (plugins/public-routes.ts, the list the deny-by-default check uses), else a session.
 * A guarded route also documents the 401 its guard answers when the route itself does not.
 */
const transform: SwaggerTransform = (document) => {
  const { route } = document;
  const schema = document.schema as RouteSchema | undefined;
  const [method] = methodsOf(route.method);
  const op = method ? operationOf(method, route.url, schema) : undefined;
  if (!method || !op || !schema) return jsonSchemaTransform(document);
  if (op.aliasOf) return { url: route.url, schema: { hide: true } };
  const isPublic = isPublicRoute(method, route.url);
  const response = { ...schema.response };
  // What the one pipeline answers for every route, documented where the route does not say it itself.
  const validated = schema.body || schema.querystring || schema.params || schema.headers;
  if (validated && !response['400']) response['400'] = errorSchema.describe('Invalid input');
  if (!isPublic && !response['401']) response['401'] = errorSchema.describe('Not signed in');
  const out = jsonSchemaTransform({ ...document, schema: { ...schema, response } });
  const outSchema = out.schema as RouteSchema;
  if (op.download) {
    outSchema.response = {
      200: {
        description: 'The file, with its own content type',
        content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
      },
      ...outSchema.response,
    };
  }
  return {
    url: out.url,
    schema: {
      ...outSchema,
      operationId: op.operationId,
      tags: [op.tag],
      security: isPublic ? [] : SIGNED_IN,
    },
  };
};

/**
 * The OpenAPI document (`app.swagger()`, served at /api/docs when API_DOCS is on). Also refuses, as the
 * routes register, any API route missing from operations.ts: the app does not start until it is named.
 */
export const openapiPlugin = fp(async (app: App) => {
  app.addHook('onRoute', (route) => {
    for (const method of methodsOf(route.method))
      operationOf(method, route.url, route.schema as RouteSchema | undefined);
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Haat API',
        version: '0.1.0',
        description:
          'The API of Haat, a multi-seller marketplace. Operations that need a sign-in accept the session ' +
          'as a bearer token or as the session cookie; public operations say `security: []`.',
        license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' },
      },
      // Where clients reach this instance: PUBLIC_URL, else the address it listens on.
      servers: [{ url: linkOrigin(app.config) }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Paths keep their /api prefix: the server URL is an origin, never a base path to strip.
    stripBasePath: false,
    transform,
  });
});
