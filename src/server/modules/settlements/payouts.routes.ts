import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { isAdmin, isSeller } from '#shared/permissions.ts';
import { errorSchema, idParams, pathId } from '#shared/schemas/common.ts';
import {
  failPayoutBody,
  payoutAccountForm,
  payoutAccountListResponse,
  payoutAccountResponse,
  payoutBatchListResponse,
  payoutBatchSchema,
  payoutSchema,
  prepareBatchBody,
  prepareBatchResponse,
  recordPayoutBody,
  rejectBatchBody,
  verifyAccountBody,
} from '#shared/schemas/settlements.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as payouts from './payouts.service.ts';

const tags = ['settlements'];
const WEBHOOK_PATH = '/payouts/razorpayx/webhook';
const batchParams = idParams('Payout batch not found');
const payoutParams = idParams('Payout not found');
const sellerParams = z.object({ sellerId: pathId('This seller has no payout account.') });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Settlements: payout accounts, batches, execution webhooks (docs/decisions/0121-payouts.md). The seller
 * keeps its own payout account; Admin verifies accounts, prepares, approves or rejects batches, downloads
 * a bank file and records its UTRs. RazorpayX's webhook is public, verified by its signature.
 */
export default async function payoutsRoutes(app: App) {
  const seller = requirePermission(isSeller);
  const admin = requirePermission(isAdmin);

  app.get(
    '/seller/payout-account',
    {
      onRequest: seller,
      schema: {
        tags,
        summary: 'The seller’s own payout account, the account number masked (active seller)',
        response: { 200: payoutAccountResponse, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => payouts.ownPayoutAccount(signedIn(req)),
  );

  app.put(
    '/seller/payout-account',
    {
      onRequest: seller,
      schema: {
        tags,
        summary: 'Save the seller’s bank account or UPI id; it needs verifying again (active seller)',
        body: payoutAccountForm,
        response: { 200: payoutAccountResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => payouts.saveOwnPayoutAccount(signedIn(req), req.body),
  );

  app.get(
    '/admin/payout-accounts',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Sellers’ payout accounts, by status (Admin)',
        querystring: z.object({ status: z.enum(['unverified', 'verified', 'rejected']).optional() }),
        response: { 200: payoutAccountListResponse, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => payouts.listPayoutAccounts(signedIn(req), req.query.status),
  );

  app.put(
    '/admin/payout-accounts/:sellerId/verify',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Verify a seller’s payout account, or reject it with a reason; 409 when it changed since the Admin’s screen showed it (updatedAt) (Admin)',
        params: sellerParams,
        body: verifyAccountBody,
        response: { 200: payoutAccountResponse, ...errors },
      },
    },
    async (req) => payouts.verifyPayoutAccount(signedIn(req), req.params.sellerId, req.body),
  );

  app.get(
    '/admin/payout-batches',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Payout batches, newest first, with their payouts (Admin)',
        response: { 200: payoutBatchListResponse, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => payouts.listBatches(signedIn(req)),
  );

  app.post(
    '/admin/payout-batches',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Prepare a draft batch of every payable balance now (201), or 200 with batch null and who was skipped; 409 for RazorpayX where it is not configured (Admin)',
        body: prepareBatchBody,
        response: {
          200: prepareBatchResponse,
          201: prepareBatchResponse,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const ctx = signedIn(req);
      const result = await payouts.prepareBatchAsAdmin(ctx, req.body.rail);
      return reply.code(result.batch ? 201 : 200).send(result);
    },
  );

  app.get(
    '/admin/payout-batches/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'One payout batch with its payouts (Admin)',
        params: batchParams,
        response: { 200: payoutBatchSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (req) => payouts.getBatch(signedIn(req), req.params.id),
  );

  app.put(
    '/admin/payout-batches/:id/approve',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Approve a draft batch: RazorpayX payouts are queued, bank file payouts go in the file (Admin)',
        params: batchParams,
        response: { 200: payoutBatchSchema, ...errors },
      },
    },
    async (req) => payouts.approveBatch(signedIn(req), req.params.id),
  );

  app.put(
    '/admin/payout-batches/:id/reject',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Reject a draft batch: its payouts are cancelled and the money owed again (Admin)',
        params: batchParams,
        body: rejectBatchBody,
        response: { 200: payoutBatchSchema, ...errors },
      },
    },
    async (req) => payouts.rejectBatch(signedIn(req), req.params.id, req.body.reason),
  );

  app.get(
    '/admin/payout-batches/:id/bank-file',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'The bulk transfer CSV of an approved bank file batch (Admin)',
        params: batchParams,
      },
    },
    async (req, reply) => {
      const { csv, filename } = await payouts.bankFile(signedIn(req), req.params.id);
      return sendCsv(reply, csv, filename);
    },
  );

  app.put(
    '/admin/payouts/:id/record',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Record a bank file payout as paid, with the bank’s UTR (Admin)',
        params: payoutParams,
        body: recordPayoutBody,
        response: { 200: payoutSchema, ...errors },
      },
    },
    async (req) => payouts.recordBankPayout(signedIn(req), req.params.id, req.body.utr),
  );

  app.put(
    '/admin/payouts/:id/fail',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Mark a bank-transfer payout the bank refused (still processing) as failed, with a reason: its money is owed again; 409 for any other payout (Admin)',
        params: payoutParams,
        body: failPayoutBody,
        response: { 200: payoutSchema, ...errors },
      },
    },
    async (req) => payouts.failPayout(signedIn(req), req.params.id, req.body.reason),
  );

  // The webhook in its own context, where JSON bodies stay raw bytes: the signature covers them exactly.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      WEBHOOK_PATH,
      {
        schema: {
          tags,
          summary:
            'RazorpayX webhook (payout.processed, payout.reversed, payout.failed, payout.rejected), X-Razorpay-Signature over the raw body',
          response: { 200: z.object({ status: z.string() }), 400: errorSchema, 404: errorSchema },
        },
      },
      async (req) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const status = await payouts.handlePayoutWebhook(
          app.db,
          app.config,
          raw,
          req.headers['x-razorpay-signature'],
        );
        return { status };
      },
    );
  });

  // The sandbox delivers its webhooks through the real route, signed, as RazorpayX would.
  const prefix = app.prefix;
  app.jobs.handle(payouts.PAYOUT_SANDBOX_WEBHOOK_JOB, async (payload) => {
    const res = await app.inject({
      method: 'POST',
      url: `${prefix}${WEBHOOK_PATH}`,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': String(payload.signature) },
      payload: String(payload.body),
    });
    if (res.statusCode !== 200) throw new Error(`sandbox webhook answered ${res.statusCode}: ${res.body}`);
  });
}

function sendCsv(reply: FastifyReply, csv: string, filename: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
