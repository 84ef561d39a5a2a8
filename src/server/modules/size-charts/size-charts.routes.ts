import { canManageProducts } from '#shared/permissions.ts';
import { errorSchema, idParams } from '#shared/schemas/common.ts';
import {
  SIZE_CHART_MSG,
  sizeChartBody,
  sizeChartDeletedSchema,
  sizeChartItemSchema,
  sizeChartListQuery,
  sizeChartListSchema,
} from '#shared/schemas/size-chart.ts';
import type { App } from '../../lib/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { signedIn } from '../../plugins/context.ts';
import * as charts from './size-charts.service.ts';

/** A seller's size charts (docs/product/api.md "Size charts"): active sellers and Admin, each their own. */
export default async function sizeChartsRoutes(app: App) {
  const tags = ['size-charts'];
  const manage = requirePermission(canManageProducts);
  const params = idParams(SIZE_CHART_MSG.notFound);
  const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

  app.get(
    '/size-charts',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: "The caller's size charts by name (Admin: ?seller= for a seller's)",
        querystring: sizeChartListQuery,
        response: { 200: sizeChartListSchema, ...errors },
      },
    },
    async (req) => charts.listCharts(signedIn(req), req.query.seller),
  );

  app.post(
    '/size-charts',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Create a size chart',
        body: sizeChartBody,
        response: { 201: sizeChartItemSchema, ...errors, 409: errorSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await charts.createChart(signedIn(req), req.body)),
  );

  app.put(
    '/size-charts/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Replace one of your size charts (its products show the new one)',
        params,
        body: sizeChartBody,
        response: { 200: sizeChartItemSchema, ...errors, 409: errorSchema },
      },
    },
    async (req) => charts.updateChart(signedIn(req), req.params.id, req.body),
  );

  app.delete(
    '/size-charts/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        summary: 'Delete one of your size charts (its products show none)',
        params,
        response: { 200: sizeChartDeletedSchema, ...errors },
      },
    },
    async (req) => charts.deleteChart(signedIn(req), req.params.id),
  );
}
