import { isAdmin, isSeller } from '#shared/permissions.ts';
import { errorSchema } from '#shared/schemas/common.ts';
import {
  deliverySettingsSchema,
  pincodeFlagsBody,
  pincodeListSchema,
  pincodeParams,
  pincodeRowSchema,
  pincodeSearchQuery,
  promiseQuery,
  promiseSchema,
  quoteBody,
  quoteSchema,
  sellerDeliveryAreaReplySchema,
  sellerDeliveryAreaSchema,
} from '#shared/schemas/delivery.ts';
import type { App } from '../../lib/types.ts';
import { requireActive, requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as delivery from './delivery.service.ts';

/** The delivery promise's routes (docs/decisions/0113-delivery-promise.md). */
export default async function deliveryRoutes(app: App) {
  const tags = ['delivery'];
  const admin = requirePermission(isAdmin);
  const seller = requirePermission(isSeller);
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.get(
    '/delivery/promise',
    {
      schema: {
        tags,
        summary:
          'Whether a product reaches a pincode, by which date, and whether cash on delivery is offered',
        querystring: promiseQuery,
        response: { 200: promiseSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      const answer = await delivery.promiseForProduct(req.ctx, req.query);
      // The same for everybody; the date moves at most once a day and the operator's flags rarely.
      reply.header('cache-control', 'public, max-age=300');
      return answer;
    },
  );

  app.post(
    '/delivery/quote',
    {
      onRequest: requireActive,
      schema: {
        tags,
        summary:
          "Checkout's cart to its address: a date per seller, lines that cannot go, cash on delivery or why not",
        body: quoteBody,
        response: { 200: quoteSchema, ...errors },
      },
    },
    async (req) => delivery.quote(signedIn(req), req.body),
  );

  app.get(
    '/delivery/settings',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Days to deliver by zone, handling days and cash-on-delivery limits (Admin)',
        response: { 200: deliverySettingsSchema, ...errors },
      },
    },
    async (req) => delivery.getSettings(signedIn(req)),
  );

  app.put(
    '/delivery/settings',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change the delivery and cash-on-delivery settings (Admin)',
        body: deliverySettingsSchema,
        response: { 200: deliverySettingsSchema, ...errors },
      },
    },
    async (req) => delivery.putSettings(signedIn(req), req.body),
  );

  app.get(
    '/delivery/pincodes',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Find pincodes by digits, district or state, with their flags (Admin; at most 50)',
        querystring: pincodeSearchQuery,
        response: { 200: pincodeListSchema, ...errors },
      },
    },
    async (req) => delivery.searchPincodes(signedIn(req), req.query.q),
  );

  app.put(
    '/delivery/pincodes/:pincode',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: "Set a pincode's serviceability, cash on delivery and COD limit (Admin)",
        params: pincodeParams,
        body: pincodeFlagsBody,
        response: { 200: pincodeRowSchema, ...errors },
      },
    },
    async (req) => delivery.putPincode(signedIn(req), req.params.pincode, req.body),
  );

  app.get(
    '/seller/delivery-area',
    {
      onRequest: seller,
      schema: {
        tags,
        summary: "Where the caller's shop ships: states, excluded pincode prefixes, COD, handling days",
        response: { 200: sellerDeliveryAreaReplySchema, ...errors },
      },
    },
    async (req) => delivery.getSellerArea(signedIn(req)),
  );

  app.put(
    '/seller/delivery-area',
    {
      onRequest: seller,
      schema: {
        tags,
        summary: "Narrow where the caller's shop ships",
        body: sellerDeliveryAreaSchema,
        response: { 200: sellerDeliveryAreaReplySchema, ...errors },
      },
    },
    async (req) => delivery.putSellerArea(signedIn(req), req.body),
  );
}
