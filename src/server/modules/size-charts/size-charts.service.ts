import { isAdmin } from '#shared/permissions.ts';
import {
  SIZE_CHART_MSG,
  type SizeChartDeleted,
  type SizeChartInput,
  type SizeChartItem,
} from '#shared/schemas/size-chart.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { uniqueViolation } from '../../db/pg-errors.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import * as repo from './size-charts.repo.ts';
import { catalogTag, invalidateCatalog } from '../../db/catalog-invalidation.ts';

/**
 * A seller's size charts (docs/product/catalog.md#size-charts, docs/decisions/0106-size-charts.md): reusable
 * tables of measurements that products point at. Only the owner reads or changes a chart; Admin may list a
 * seller's charts (to pick one while editing that seller's product). Another seller's chart is not found.
 */

const NAME_KEY = 'size_charts_seller_name_key';

function toItem(row: repo.ChartRow): SizeChartItem {
  return {
    _id: row.id,
    name: row.name,
    unit: row.unit,
    columns: row.columns,
    rows: row.rows,
    productCount: row.productCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /api/size-charts: the caller's charts; Admin may name another seller. */
export async function listCharts(ctx: AuthedCtx, seller?: string): Promise<SizeChartItem[]> {
  const sellerId = seller ?? ctx.actor.id;
  if (sellerId !== ctx.actor.id && !isAdmin(ctx.actor)) throw forbidden(SIZE_CHART_MSG.sellerOnly);
  return (await repo.chartsOf(ctx.db, sellerId)).map(toItem);
}

/** The same name twice for one seller is refused by the unique key, not by a check that could race. */
async function nameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (uniqueViolation(err) === NAME_KEY)
      throw conflict(SIZE_CHART_MSG.nameTaken, ERROR_CODES.size_chart_name_taken);
    throw err;
  }
}

async function reread(ctx: AuthedCtx, id: string): Promise<SizeChartItem> {
  const row = await repo.chartOf(ctx.db, id, ctx.actor.id);
  if (!row) throw notFound(SIZE_CHART_MSG.notFound);
  return toItem(row);
}

/** POST /api/size-charts: a new chart of the caller's. */
export async function createChart(ctx: AuthedCtx, input: SizeChartInput): Promise<SizeChartItem> {
  const id = await nameTaken(() => repo.insertChart(ctx.db, ctx.actor.id, input));
  return reread(ctx, id);
}

/** PUT /api/size-charts/:id: replace the whole chart; every product using it shows the new one. */
export async function updateChart(ctx: AuthedCtx, id: string, input: SizeChartInput): Promise<SizeChartItem> {
  const found = await nameTaken(() => repo.updateChart(ctx.db, id, ctx.actor.id, input));
  if (!found) throw notFound(SIZE_CHART_MSG.notFound);
  await invalidateCatalog(ctx.db, [catalogTag.seller(ctx.actor.id)]); // product details show the chart
  return reread(ctx, id);
}

/** DELETE /api/size-charts/:id: the chart goes; the products that used it (counted) show none. */
export async function deleteChart(ctx: AuthedCtx, id: string): Promise<SizeChartDeleted> {
  const productsDetached = await ctx.db.transaction(async (tx) => {
    const locked = await repo.lockForDelete(tx, id, ctx.actor.id);
    if (!locked) throw notFound(SIZE_CHART_MSG.notFound);
    await repo.deleteChart(tx, id, ctx.actor.id);
    await invalidateCatalog(tx, [catalogTag.seller(ctx.actor.id)]);
    return locked.productCount;
  });
  const message =
    productsDetached === 0
      ? 'Size chart deleted.'
      : `Size chart deleted. ${String(productsDetached)} product${productsDetached === 1 ? '' : 's'} now show${productsDetached === 1 ? 's' : ''} no size chart.`;
  return { message, productsDetached };
}
