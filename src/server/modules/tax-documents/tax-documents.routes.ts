import { z } from 'zod';
import { requestLanguage } from '../../lib/messages.ts';
import { isAdmin, isSeller } from '#shared/permissions.ts';
import { errorSchema, idParams, idSchema } from '#shared/schemas/common.ts';
import {
  monthQuery,
  TAX_DOCUMENT_KINDS,
  taxDocumentListResponse,
  taxDocumentSchema,
} from '#shared/schemas/gst.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as documents from './tax-documents.service.ts';

const documentParams = idParams('Tax document not found');
const orderParams = idParams('Order not found');
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

const listQuery = z.object({
  month: monthQuery.shape.month.optional(),
  kind: z.enum(TAX_DOCUMENT_KINDS).optional(),
});
const adminListQuery = listQuery.extend({ seller: idSchema.optional() });

/**
 * Tax documents (docs/decisions/0117-tax-invoices-and-credit-notes.md): an order's documents, one document
 * as JSON or PDF (its order's buyer, its seller, Admin; anybody else 404), a seller's own list and
 * Admin's list. Every route needs a signed-in caller.
 */
export default async function taxDocumentsRoutes(app: App) {
  app.get(
    '/orders/:id/tax-documents',
    {
      schema: {
        tags: ['tax-documents'],
        summary:
          "An order's tax invoices and credit notes (the buyer and Admin: all; a seller: its own; anybody else 404)",
        params: orderParams,
        response: { 200: taxDocumentListResponse, ...errors },
      },
    },
    async (req) => ({ documents: await documents.orderDocuments(signedIn(req), req.params.id) }),
  );

  app.get(
    '/tax-documents/:id',
    {
      schema: {
        tags: ['tax-documents'],
        summary: 'A tax document as issued, the JSON form for integrations (its buyer, its seller, Admin)',
        params: documentParams,
        response: { 200: taxDocumentSchema, ...errors },
      },
    },
    async (req) => documents.getDocument(signedIn(req), req.params.id),
  );

  app.get(
    '/tax-documents/:id/pdf',
    {
      schema: {
        tags: ['tax-documents'],
        summary: 'A tax document as a PDF download (its buyer, its seller, Admin)',
        params: documentParams,
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await documents.documentPdf(
        signedIn(req),
        req.params.id,
        requestLanguage(req),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/seller/tax-documents',
    {
      onRequest: requirePermission(isSeller),
      schema: {
        tags: ['tax-documents'],
        summary:
          "The active seller's own tax documents (invoices, credit notes, commission invoices), newest first, by month and kind",
        querystring: listQuery,
        response: { 200: taxDocumentListResponse, ...errors },
      },
    },
    async (req) => ({ documents: await documents.sellerDocuments(signedIn(req), req.query) }),
  );

  app.get(
    '/tax-documents',
    {
      onRequest: requirePermission(isAdmin),
      schema: {
        tags: ['tax-documents'],
        summary: 'Every tax document, newest first, by month, seller and kind (Admin)',
        querystring: adminListQuery,
        response: { 200: taxDocumentListResponse, ...errors },
      },
    },
    async (req) => ({ documents: await documents.allDocuments(signedIn(req), req.query) }),
  );
}
