import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { GSTR1_SECTIONS } from '#shared/gst-returns.ts';
import { isAdmin } from '#shared/permissions.ts';
import { errorSchema, idSchema } from '#shared/schemas/common.ts';
import {
  gstRateChangeForm,
  gstRatesResponse,
  gstSettingsResponse,
  gstSettingsSchema,
  monthQuery,
  taxFactsQuery,
  taxFactsResponse,
} from '#shared/schemas/gst.ts';
import type { App } from '../../lib/types.ts';
import { requireActive, requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as gst from './gst.service.ts';

const gstr1Query = monthQuery.extend({
  section: z.enum(GSTR1_SECTIONS),
  /** Admin: whose return; a seller gets its own whatever this says. */
  seller: idSchema.optional(),
});

/** The settings as answered: the GSTIN is already normalised (the form's transform runs on input only). */
const settingsReply = gstSettingsResponse.extend({ operatorGstin: z.string() });

/**
 * GST routes (docs/decisions/0118-gst-returns-and-commission-invoices.md): the public rate table and tax
 * facts the browser prices a cart with; the Admin's rate changes and operator settings; the GSTR-1 and
 * GSTR-8 exports as CSV.
 */
export default async function gstRoutes(app: App) {
  const tags = ['gst'];
  const admin = requirePermission(isAdmin);
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.get(
    '/gst/rates',
    {
      schema: {
        tags,
        summary: 'The GST rate table: every dated rule, past, present and future',
        response: { 200: gstRatesResponse },
      },
    },
    async (req) => gst.listRates(req.ctx),
  );

  app.get(
    '/gst/tax-facts',
    {
      schema: {
        tags,
        summary:
          "What the browser needs to tax a cart: each product's category, HSN, category rate and seller state, and the rules",
        querystring: taxFactsQuery,
        response: { 200: taxFactsResponse, 400: errorSchema },
      },
    },
    async (req) => gst.taxFacts(req.ctx, req.query.products),
  );

  app.post(
    '/admin/gst-rates',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          'A future-dated change of the GST rate of an HSN prefix or a category; the rules it replaces end the day before (Admin)',
        body: gstRateChangeForm,
        response: { 201: gstRatesResponse, ...errors },
      },
    },
    async (req, reply) => {
      const created = await gst.changeRates(signedIn(req), req.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/admin/gst-settings',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          "The operator's GST settings: invoice moment, legal name, GSTIN, address, commission GST (Admin)",
        response: { 200: settingsReply, ...errors },
      },
    },
    async (req) => gst.getSettings(signedIn(req)),
  );

  app.put(
    '/admin/gst-settings',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Change the operator's GST settings; its state is read from its GSTIN (Admin)",
        body: gstSettingsSchema,
        response: { 200: settingsReply, ...errors },
      },
    },
    async (req) => gst.putSettings(signedIn(req), req.body),
  );

  app.get(
    '/gst/gstr1',
    {
      onRequest: requireActive,
      schema: {
        tags,
        summary:
          "A section of a seller's GSTR-1 for a month as CSV: b2b, b2cs, hsn or cdnr (the seller its own; Admin names the seller)",
        querystring: gstr1Query,
      },
    },
    async (req, reply) => {
      const { csv, filename } = await gst.gstr1(signedIn(req), req.query);
      return sendCsv(reply, csv, filename);
    },
  );

  app.get(
    '/admin/gstr8',
    {
      onRequest: admin,
      schema: {
        tags,
        summary:
          "The operator's GSTR-8 data for a month as CSV: per seller GSTIN, gross, returned and net taxable value, and the TCS withheld by tax (Admin)",
        querystring: monthQuery,
      },
    },
    async (req, reply) => {
      const { csv, filename } = await gst.gstr8(signedIn(req), req.query.month);
      return sendCsv(reply, csv, filename);
    },
  );
}

function sendCsv(reply: FastifyReply, csv: string, filename: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .send(csv);
}
