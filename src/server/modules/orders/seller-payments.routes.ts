import { canViewPendingPayments } from '#shared/permissions.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  pendingSellerPaymentsSchema,
  sellerPaymentCorrectionBody,
  sellerPaymentSchema,
} from '#shared/schemas/order.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import * as sellerPayments from './seller-payments.service.ts';
import { signedIn } from '../../plugins/context.ts';

/** Seller payment records (docs/product/api.md payments; docs/product/roles-and-accounts.md: Admin only, whatever SPEC's client checks). */
export default async function sellerPaymentsRoutes(app: App) {
  const adminOnly = requirePermission(canViewPendingPayments);

  app.get(
    '/payments/pending-seller-payments',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['payments'],
        summary: 'Pending seller payouts of placed orders, grouped per seller (Admin)',
        response: { 200: pendingSellerPaymentsSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (req) => sellerPayments.pendingSellerPayments(signedIn(req)),
  );

  app.post(
    '/payments/seller',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['payments'],
        summary: "Correct a seller payment record's status, e.g. mark it Paid (Admin); never creates one",
        body: sellerPaymentCorrectionBody,
        response: {
          200: sellerPaymentSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (req) => sellerPayments.correctSellerPayment(signedIn(req), req.body),
  );
}
