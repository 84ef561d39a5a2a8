import { hasRole, isAdmin, type Actor } from '#shared/permissions.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import { codCashResponse, codRemittanceForm } from '#shared/schemas/settlements.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as cod from './cod-remittances.service.ts';

const isDistributor = (actor: Actor) => hasRole(actor, 'Distributor');

/** Settlements: cash Distributors owe and remit (ADR 0123). */
export default async function codRemittancesRoutes(app: App) {
  const tags = ['settlements'];
  const denied = { 401: errorSchema, 403: errorSchema };

  app.get(
    '/admin/cod-cash',
    {
      onRequest: requirePermission(isAdmin),
      schema: {
        tags,
        summary:
          'Cash on delivery collected and not yet remitted, per collector and by age, and the latest remittances (Admin)',
        response: { 200: codCashResponse, ...denied },
      },
    },
    async (req) => cod.adminCodCash(signedIn(req)),
  );

  app.get(
    '/distributor/cod-cash',
    {
      onRequest: requirePermission(isDistributor),
      schema: {
        tags,
        summary:
          'The cash on delivery the signed-in Distributor collected and has not remitted yet (Distributor)',
        response: { 200: codCashResponse, ...denied },
      },
    },
    async (req) => cod.ownCodCash(signedIn(req)),
  );

  app.post(
    '/admin/cod-remittances',
    {
      onRequest: requirePermission(isAdmin),
      schema: {
        tags,
        summary:
          'Record cash a Distributor handed over, matched to the orders it covers; the amount must be their sum (Admin)',
        body: codRemittanceForm,
        response: { 201: codCashResponse, 400: errorSchema, ...denied, 404: errorSchema, 409: errorSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await cod.recordRemittance(signedIn(req), req.body)),
  );
}
