import { isAdmin, isSeller } from '#shared/permissions.ts';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import {
  createReturnBody,
  rejectReturnBody,
  returnListQuery,
  returnListSchema,
  returnMediaParams,
  returnRequestSchema,
} from '#shared/schemas/fulfilment.ts';
import type { App } from '../../lib/types.ts';
import { requireActive, requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as service from './returns.service.ts';

/**
 * Return and exchange requests (docs/decisions/0112-returns-and-exchanges.md): the buyer asks and may
 * withdraw; the line's seller or Admin approves or rejects, marks picked up and received. Ownership is the
 * service's check (another seller's or buyer's request: 404); every move is checked against the machine.
 */
export default async function returnsRoutes(app: App) {
  const tags = ['returns'];
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
  const orderParams = idParams(service.RETURN_SERVICE_MSG.orderNotFound);
  const params = idParams(service.RETURN_SERVICE_MSG.notFound);

  app.post(
    '/orders/:id/returns',
    {
      onRequest: requireActive,
      schema: {
        tags,
        summary:
          "Ask to return or exchange some units of a delivered line, within 7 days of delivery (the order's buyer)",
        params: orderParams,
        body: createReturnBody,
        response: { 201: returnRequestSchema, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createReturn(signedIn(req), req.params.id, req.body)),
  );

  app.get(
    '/returns/:id',
    {
      onRequest: requireActive,
      schema: {
        tags,
        summary: 'A return or exchange request (its buyer, its seller, Admin)',
        params,
        response: { 200: returnRequestSchema, ...errors },
      },
    },
    async (req) => service.getReturn(signedIn(req), req.params.id),
  );

  // A request's photos and video are private, like KYC documents (docs/decisions/0112-returns-and-exchanges.md):
  // only its buyer, its seller and Admin open them, here, with the same headers as the KYC file route.
  app.get(
    '/returns/:id/media/:index/:file',
    {
      onRequest: requireActive,
      config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "A return request's photo (or a variant) or video (its buyer, its seller, Admin)",
        params: returnMediaParams,
      },
    },
    async (req, reply) => {
      const { id, index, file } = req.params;
      const found = await service.returnMediaFile(signedIn(req), app.storage, id, index, file);
      return reply
        .header('content-type', found.contentType)
        .header('content-length', found.data.length)
        .header('content-disposition', `inline; filename="return-${index}-${file}"`)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .header('x-robots-tag', 'noindex')
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "default-src 'none'; img-src 'self'; media-src 'self'; frame-ancestors 'none'",
        )
        .send(found.data);
    },
  );

  const moves = [
    ['approve', 'Approve a request: a pickup is scheduled for the next working day (seller, Admin)'],
    ['withdraw', 'Withdraw a request not decided yet (its buyer)'],
    ['picked-up', 'Mark an approved request picked up by the courier (seller, Admin)'],
    [
      'receive',
      'Mark the goods received: restocked, and refunded, or the new size shipped for an exchange (seller, Admin)',
    ],
  ] as const;
  const handlers = {
    approve: service.approveReturn,
    withdraw: service.withdrawReturn,
    'picked-up': service.markPickedUp,
    receive: service.receiveReturn,
  } as const;
  for (const [path, summary] of moves) {
    app.put(
      `/returns/:id/${path}`,
      {
        onRequest: requireActive,
        schema: { tags, summary, params, response: { 200: returnRequestSchema, ...errors } },
      },
      async (req) => handlers[path](signedIn(req), req.params.id),
    );
  }

  app.put(
    '/returns/:id/reject',
    {
      onRequest: requireActive,
      schema: {
        tags,
        summary: "Reject a request with a reason; an exchange's size goes back on sale (seller, Admin)",
        params,
        body: rejectReturnBody,
        response: { 200: returnRequestSchema, ...errors },
      },
    },
    async (req) => service.rejectReturn(signedIn(req), req.params.id, req.body),
  );

  app.get(
    '/seller/returns',
    {
      onRequest: requirePermission(isSeller),
      schema: {
        tags,
        summary: "The caller's return and exchange requests to handle, newest first, 20 a page (sellers)",
        querystring: returnListQuery.omit({ seller: true }),
        response: { 200: returnListSchema, ...errors },
      },
    },
    async (req) => service.listReturns(signedIn(req), req.query, 'own'),
  );

  app.get(
    '/returns',
    {
      onRequest: requirePermission(isAdmin),
      schema: {
        tags,
        summary: 'Every return and exchange request, by state and seller, newest first, 20 a page (Admin)',
        querystring: returnListQuery,
        response: { 200: returnListSchema, ...errors },
      },
    },
    async (req) => service.listReturns(signedIn(req), req.query, 'all'),
  );
}
