import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { codeOfStatus } from '../../shared/errors.ts';
import type { App } from '../lib/types.ts';

/** What an incoming X-Request-Id may be to be kept: a short token, nothing that could forge a log line. */
const safeRequestId = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/**
 * Fastify's genReqId: the caller's `X-Request-Id` (a proxy's or a client's) when it is a safe short token,
 * so one id follows a request through the proxy's log and ours; otherwise a new UUID.
 */
export function requestIdFrom(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && safeRequestId.test(given) ? given : randomUUID();
}

/**
 * Every response carries `X-Request-Id`, and every JSON error body (4xx, 5xx) a `code` and a `requestId`, the same id
 * as on the request's log lines: a user can quote it and an operator find the log. Done after
 * serialisation, so no route's response schema has to declare it.
 */
export const requestIdPlugin = fp(async (app: App) => {
  app.addHook('onSend', async (req, reply, payload) => {
    void reply.header('x-request-id', req.id);
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload; // not JSON after all: sent as it is
    }
    if (!body || typeof body !== 'object' || Array.isArray(body) || 'requestId' in body) return payload;
    // The error handler gives every error its code; an answer sent by hand without one (a plugin's own
    // 404, say) gets its status's generic code, so no JSON error body ever lacks one.
    const code = 'code' in body ? {} : { code: codeOfStatus(reply.statusCode) };
    return JSON.stringify({ ...body, ...code, requestId: req.id });
  });
});
