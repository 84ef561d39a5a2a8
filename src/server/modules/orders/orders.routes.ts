import { z } from 'zod';
import { canManageOrders } from '#shared/permissions.ts';
import { errorSchema, pageQuery, idParams, pathId } from '#shared/schemas/common.ts';
import {
  IDEMPOTENCY_HEADER,
  codPayBody,
  myOrdersSchema,
  orderListQuery,
  orderListSchema,
  orderSchema,
  orderSettingsSchema,
  placeOrderBody,
  placeOrderHeaders,
  sellerOrderLinesSchema,
} from '#shared/schemas/order.ts';
import type { App } from '../../lib/types.ts';
import { requireActive, requirePermission } from '../../plugins/auth.ts';
import { PER_USER_LIMITS } from '../../plugins/per-user-limits.ts';
import * as orders from './orders.service.ts';
import sellerPaymentsRoutes from './seller-payments.routes.ts';
import { signedIn } from '../../plugins/context.ts';

const orderIdParams = idParams('Order not found');
const sellerParams = z.object({ userId: pathId('User not found') });

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Orders (docs/product/api.md Orders; docs/product/roles-and-accounts.md, docs/product/pricing-and-tax.md). Every route needs a signed-in person; guards run before body
 * validation so a guest is asked to sign in rather than told the body is wrong.
 */
export default async function ordersRoutes(app: App) {
  const manageOrders = requirePermission(canManageOrders);

  app.post(
    '/orders',
    {
      config: { rateLimit: PER_USER_LIMITS.placeOrder },
      onRequest: requireActive,
      schema: {
        tags: ['orders'],
        summary:
          'Place an order; the server prices it (201, or 200 with the first order for a repeated Idempotency-Key)',
        headers: placeOrderHeaders,
        body: placeOrderBody,
        response: { 200: orderSchema, 201: orderSchema, ...errors },
      },
    },
    async (req, reply) => {
      const key = req.headers[IDEMPOTENCY_HEADER] ?? null;
      const { order, created } = await orders.placeOrder(
        signedIn(req),
        req.body,
        key,
        app.config.orderQtyLimit,
      );
      return reply.status(created ? 201 : 200).send(order);
    },
  );

  app.get(
    '/config/orders',
    {
      schema: {
        tags: ['orders'],
        summary: 'Order settings for the storefront: the most units of one item an order may hold',
        response: { 200: orderSettingsSchema },
      },
    },
    async () => ({ qtyLimit: app.config.orderQtyLimit }),
  );

  app.get(
    '/orders/myorders',
    {
      schema: {
        tags: ['orders'],
        summary: "The signed-in buyer's orders, newest first",
        response: { 200: myOrdersSchema, 401: errorSchema },
      },
    },
    async (req) => orders.myOrders(signedIn(req)),
  );

  app.get(
    '/orders',
    {
      onRequest: manageOrders,
      schema: {
        tags: ['orders'],
        summary: 'Every order, newest first, 20 a page (Admin, Distributor)',
        querystring: orderListQuery,
        response: { 200: orderListSchema, ...errors },
      },
    },
    async (req) => orders.listOrders(signedIn(req), req.query),
  );

  app.get(
    '/orders/seller/:userId',
    {
      onRequest: requireActive,
      schema: {
        tags: ['orders'],
        summary: "A seller's own order lines, newest first, 20 a page (the seller, or Admin)",
        params: sellerParams,
        querystring: pageQuery,
        response: { 200: sellerOrderLinesSchema, ...errors },
      },
    },
    async (req) => orders.sellerOrderLines(signedIn(req), req.params.userId, req.query.pageNumber),
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'An order: its buyer, Admin and Distributor see it all; a seller only their lines',
        params: orderIdParams,
        response: { 200: orderSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => orders.getOrder(signedIn(req), req.params.id),
  );

  app.put(
    '/orders/:id/deliver',
    {
      onRequest: manageOrders,
      schema: {
        tags: ['orders'],
        summary: 'Mark an order delivered (Admin, Distributor); idempotent, no way back',
        params: orderIdParams,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (req) => orders.deliverOrder(signedIn(req), req.params.id),
  );

  app.put(
    '/orders/:id/CashOnDelivery/pay',
    {
      onRequest: manageOrders,
      schema: {
        tags: ['orders'],
        summary: 'Mark an unpaid cash-on-delivery order paid (Admin, Distributor); idempotent',
        params: orderIdParams,
        body: codPayBody,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (req) => orders.payCashOnDelivery(signedIn(req), req.params.id, req.body.note),
  );

  await app.register(sellerPaymentsRoutes);
}
