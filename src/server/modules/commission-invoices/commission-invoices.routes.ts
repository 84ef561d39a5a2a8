import { isAdmin } from '#shared/permissions.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import { monthQuery, taxDocumentListResponse } from '#shared/schemas/gst.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import { issueCommissionInvoices } from './commission-invoices.service.ts';

/** The Admin's commission-invoice run (docs/decisions/0118-gst-returns-and-commission-invoices.md). */
export default async function commissionInvoiceRoutes(app: App) {
  app.post(
    '/admin/commission-invoices',
    {
      onRequest: requirePermission(isAdmin),
      schema: {
        tags: ['commission-invoices'],
        summary:
          "Issue the marketplace's commission invoices of a month that has ended, one per seller; already issued ones are listed again (Admin)",
        body: monthQuery,
        response: {
          200: taxDocumentListResponse,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (req) => ({ documents: await issueCommissionInvoices(signedIn(req), req.body.month) }),
  );
}
