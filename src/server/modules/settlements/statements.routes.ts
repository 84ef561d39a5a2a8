import type { FastifyReply } from 'fastify';
import { requestLanguage } from '../../lib/messages.ts';
import { z } from 'zod';
import { isAdmin, isSeller } from '#shared/permissions.ts';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import {
  sellerLedgerResponse,
  settlementTotalsResponse,
  taxWithheldResponse,
} from '#shared/schemas/settlements.ts';
import type { App } from '../../lib/types.ts';
import { requireActive, requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as statements from './statements.service.ts';

const ledgerQuery = z.object({
  page: z.coerce.number().int().min(1, 'Pages start at 1').max(100_000).default(1),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Please give a month as YYYY-MM')
    .optional(),
});

/** '2026-27': a financial year, April to March. */
const fyQuery = z.object({
  fy: z
    .string()
    .regex(/^\d{4}-\d{2}$/, 'Please give a financial year as 2026-27')
    .refine((v) => (Number(v.slice(0, 4)) + 1) % 100 === Number(v.slice(5)), {
      message: 'Please give a financial year as 2026-27',
    })
    .optional(),
});

const sellerParams = idParams('Seller not found');
const payoutParams = idParams('Payout not found');

/** Settlements: ledger views, payout statements, TCS/TDS certificate data, the operator's totals (ADR 0122). */
export default async function statementsRoutes(app: App) {
  const tags = ['settlements'];
  const admin = requirePermission(isAdmin);
  const seller = requirePermission(isSeller);
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.get(
    '/seller/ledger',
    {
      onRequest: seller,
      schema: {
        tags,
        summary:
          "The active seller's own ledger: balance by bucket, entries newest first (50 a page, by India month), payouts, payout account",
        querystring: ledgerQuery,
        response: { 200: sellerLedgerResponse, ...errors },
      },
    },
    async (req) => statements.ownLedger(signedIn(req), req.query),
  );

  app.get(
    '/admin/sellers/:id/ledger',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "A seller's ledger, balance, payouts and payout account (Admin)",
        params: sellerParams,
        querystring: ledgerQuery,
        response: { 200: sellerLedgerResponse, ...errors },
      },
    },
    async (req) => statements.sellerLedger(signedIn(req), req.params.id, req.query),
  );

  for (const format of ['csv', 'pdf'] as const) {
    app.get(
      `/payouts/:id/statement.${format}`,
      {
        onRequest: requireActive,
        schema: {
          tags,
          summary: `A payout's statement as ${format.toUpperCase()}: every entry it settled and the total (its seller, Admin)`,
          params: payoutParams,
        },
      },
      async (req, reply) => {
        const s = await statements.payoutStatement(
          signedIn(req),
          req.params.id,
          format,
          requestLanguage(req),
        );
        return download(reply, s);
      },
    );
  }

  app.get(
    '/seller/tcs-tds',
    {
      onRequest: seller,
      schema: {
        tags,
        summary:
          "The active seller's TCS (section 52 CGST) and TDS (section 194-O) per India month of a financial year",
        querystring: fyQuery,
        response: { 200: taxWithheldResponse, ...errors },
      },
    },
    async (req) => statements.ownTaxWithheld(signedIn(req), req.query.fy),
  );

  app.get(
    '/admin/sellers/:id/tcs-tds',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "A seller's TCS and TDS per India month of a financial year (Admin)",
        params: sellerParams,
        querystring: fyQuery,
        response: { 200: taxWithheldResponse, ...errors },
      },
    },
    async (req) => statements.sellerTaxWithheld(signedIn(req), req.params.id, req.query.fy),
  );

  app.get(
    '/admin/settlement-totals',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'Per India month of a financial year: commission earned, its GST, TCS, TDS, COD fees, adjustments, money paid out (Admin)',
        querystring: fyQuery,
        response: { 200: settlementTotalsResponse, ...errors },
      },
    },
    async (req) => statements.settlementTotals(signedIn(req), req.query.fy),
  );
}

function download(reply: FastifyReply, f: { body: string | Buffer; filename: string; contentType: string }) {
  return reply
    .header('content-type', f.contentType)
    .header('content-disposition', `attachment; filename="${f.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(f.body);
}
