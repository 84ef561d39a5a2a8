import { canManageOrders } from '#shared/permissions.ts';
import { requestLanguage } from '../../lib/messages.ts';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import {
  orderFulfilmentSchema,
  shipBody,
  shipmentListQuery,
  shipmentListSchema,
  shipmentSchema,
  type Shipment,
} from '#shared/schemas/fulfilment.ts';
import type { App } from '../../lib/types.ts';
import { requireActive, requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as shipments from './shipments.service.ts';

const shipmentParams = idParams('Shipment not found');
const orderParams = idParams('Order not found');
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Shipments per seller (docs/decisions/0109-shipments-per-seller.md): the seller's queue, the operator's
 * list, a shipment with its timeline, its moves, the packing slip and the order's fulfilment page. Every
 * route needs a signed-in caller; moves and lists need an active one; who may do what with a given
 * shipment (its seller, the buyer, Admin, Distributor) is the service's check.
 */
export default async function shipmentsRoutes(app: App) {
  const manageOrders = requirePermission(canManageOrders);

  app.get(
    '/seller/shipments',
    {
      onRequest: requireActive,
      schema: {
        tags: ['fulfilment'],
        summary: "The active seller's own shipments, newest first, 20 a page, with counts per state",
        querystring: shipmentListQuery,
        response: { 200: shipmentListSchema, ...errors },
      },
    },
    async (req) => shipments.listSellerShipments(signedIn(req), req.query),
  );

  app.get(
    '/shipments',
    {
      onRequest: manageOrders,
      schema: {
        tags: ['fulfilment'],
        summary: 'Every shipment, newest first, 20 a page, filtered (Admin, Distributor)',
        querystring: shipmentListQuery,
        response: { 200: shipmentListSchema, ...errors },
      },
    },
    async (req) => shipments.listShipments(signedIn(req), req.query),
  );

  app.get(
    '/shipments/:id',
    {
      schema: {
        tags: ['fulfilment'],
        summary: 'A shipment with its timeline (its seller, the buyer, Admin, Distributor)',
        params: shipmentParams,
        response: { 200: shipmentSchema, ...errors },
      },
    },
    async (req) => shipments.getShipment(signedIn(req), req.params.id),
  );

  const move = (
    path: string,
    summary: string,
    act: (ctx: shipments.ShipmentCtx, id: string) => Promise<Shipment>,
  ) =>
    app.put(
      `/shipments/:id/${path}`,
      {
        onRequest: requireActive,
        schema: {
          tags: ['fulfilment'],
          summary,
          params: shipmentParams,
          response: { 200: shipmentSchema, ...errors },
        },
      },
      async (req) => act(signedIn(req), req.params.id),
    );

  move('accept', 'Accept a placed shipment (its seller, Admin)', shipments.acceptShipment);
  move('pack', 'Mark an accepted shipment packed (its seller, Admin)', shipments.packShipment);
  move(
    'deliver',
    'Mark a shipped shipment delivered (its seller, Admin, Distributor)',
    shipments.deliverShipment,
  );
  move(
    'return-to-origin',
    'A shipped parcel came back to the seller: restocked, payout reversed, refunded if paid online (its seller, Admin, Distributor)',
    shipments.returnToOrigin,
  );

  app.put(
    '/shipments/:id/ship',
    {
      onRequest: requireActive,
      schema: {
        tags: ['fulfilment'],
        summary:
          'Mark a packed shipment shipped with the courier and its tracking number (its seller, Admin)',
        params: shipmentParams,
        body: shipBody,
        response: { 200: shipmentSchema, ...errors },
      },
    },
    async (req) => shipments.shipShipment(signedIn(req), req.params.id, req.body),
  );

  app.get(
    '/shipments/:id/packing-slip',
    {
      onRequest: requireActive,
      schema: {
        tags: ['fulfilment'],
        summary: 'The packing slip of a shipment, a PDF (its seller, Admin, Distributor)',
        params: shipmentParams,
      },
    },
    async (req, reply) => {
      const { pdf, filename } = await shipments.packingSlip(
        signedIn(req),
        req.params.id,
        requestLanguage(req),
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/orders/:id/fulfilment',
    {
      schema: {
        tags: ['fulfilment'],
        summary:
          "An order's shipments with their timelines, returns and refunds, as the caller may see them (the buyer, Admin, Distributor; a seller its own)",
        params: orderParams,
        response: { 200: orderFulfilmentSchema, ...errors },
      },
    },
    async (req) => shipments.orderFulfilment(signedIn(req), req.params.id),
  );
}
