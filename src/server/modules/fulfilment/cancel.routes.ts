import { errorSchema, idParams } from '#shared/schemas/common.ts';
import { cancelBody, cancelResultSchema } from '#shared/schemas/fulfilment.ts';
import type { App } from '../../lib/types.ts';
import { requireActive } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import { CANCEL_MSG, cancelOrder, cancelShipment } from './cancel.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Cancelling a shipment or a whole order (docs/decisions/0110-cancellations.md). Active accounts only
 * (an inactive one gets 403 before its body is read); who may cancel which shipment is the service's check.
 */
export default async function cancelRoutes(app: App) {
  app.put(
    '/shipments/:id/cancel',
    {
      onRequest: requireActive,
      schema: {
        tags: ['fulfilment'],
        summary:
          'Cancel a shipment: its buyer until shipped, its seller until shipped (with a reason), Admin until delivered',
        params: idParams(CANCEL_MSG.shipmentNotFound),
        body: cancelBody,
        response: { 200: cancelResultSchema, ...errors },
      },
    },
    async (req) => cancelShipment(signedIn(req), req.params.id, req.body),
  );

  app.put(
    '/orders/:id/cancel',
    {
      onRequest: requireActive,
      schema: {
        tags: ['fulfilment'],
        summary:
          'Cancel every live shipment of an order at once, or none (the buyer until any is shipped, Admin until any is delivered)',
        params: idParams(CANCEL_MSG.orderNotFound),
        body: cancelBody,
        response: { 200: cancelResultSchema, ...errors },
      },
    },
    async (req) => cancelOrder(signedIn(req), req.params.id, req.body),
  );
}
