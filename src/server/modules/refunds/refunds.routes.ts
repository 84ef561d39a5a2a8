import { isAdmin } from '#shared/permissions.ts';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import {
  recordRefundBody,
  refundListQuery,
  refundListSchema,
  refundSchema,
} from '#shared/schemas/fulfilment.ts';
import type { App } from '../../lib/types.ts';
import { requireActive, requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as refunds from './refunds.service.ts';

const refundIdParams = idParams('Refund not found');

/**
 * Refunds (docs/decisions/0111-refunds.md): the Admin list with its filters, one refund (Admin and its
 * buyer), and recording a bank/UPI transfer of a manual refund (Admin). The provider's webhook is the
 * payments module's route (one RazorPay webhook URL for payments and refunds).
 */
export default async function refundsRoutes(app: App) {
  const adminOnly = requirePermission(isAdmin);

  app.get(
    '/refunds',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['refunds'],
        summary: 'Every refund, newest first, by state, method, date and order number (Admin)',
        querystring: refundListQuery,
        response: { 200: refundListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => refunds.listRefunds(signedIn(req), req.query),
  );

  app.get(
    '/refunds/:id',
    {
      onRequest: requireActive,
      schema: {
        tags: ['refunds'],
        summary: 'One refund (Admin, or the buyer it goes to)',
        params: refundIdParams,
        response: { 200: refundSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => refunds.getRefund(signedIn(req), req.params.id),
  );

  app.put(
    '/refunds/:id/record',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['refunds'],
        summary: 'Record a refund paid by bank transfer or UPI, with its reference (Admin)',
        params: refundIdParams,
        body: recordRefundBody,
        response: {
          200: refundSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (req) => refunds.recordManualRefund(signedIn(req), req.params.id, req.body.reference),
  );
}
