import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { products, sizeCharts, type SizeChartRow } from '../../db/schema/index.ts';

/**
 * SQL for size charts. Every query names the seller: a chart is only ever read or changed by its owner
 * (Admin reads a seller's list by naming that seller), so another seller's chart is simply not found.
 */

export type ChartFields = {
  name: string;
  unit: 'cm' | 'in';
  columns: string[];
  rows: SizeChartRow[];
};

export type ChartRow = ChartFields & { id: string; updatedAt: Date; productCount: number };

// Spelled out: inside the subquery an unqualified "id" would be the product's.
const productCount = sql<number>`(select count(*)::int from products p where p.size_chart_id = "size_charts"."id")`;

const columns = {
  id: sizeCharts.id,
  name: sizeCharts.name,
  unit: sizeCharts.unit,
  columns: sizeCharts.columns,
  rows: sizeCharts.rows,
  updatedAt: sizeCharts.updatedAt,
  productCount,
};

const mine = (id: string, sellerId: string) => and(eq(sizeCharts.id, id), eq(sizeCharts.sellerId, sellerId));

/** A seller's charts by name, each with how many products use it. */
export async function chartsOf(db: Queryable, sellerId: string): Promise<ChartRow[]> {
  const rows = await db
    .select(columns)
    .from(sizeCharts)
    .where(eq(sizeCharts.sellerId, sellerId))
    .orderBy(asc(sql`lower(${sizeCharts.name})`), asc(sizeCharts.name));
  return rows as ChartRow[];
}

/** One of the seller's charts, or undefined (someone else's, or none). */
export async function chartOf(db: Queryable, id: string, sellerId: string): Promise<ChartRow | undefined> {
  const rows = await db.select(columns).from(sizeCharts).where(mine(id, sellerId));
  return rows[0] as ChartRow | undefined;
}

/** A new chart; a second chart of the same name breaks size_charts_seller_name_key. */
export async function insertChart(db: Queryable, sellerId: string, chart: ChartFields): Promise<string> {
  const [row] = await db
    .insert(sizeCharts)
    .values({ sellerId, ...chart })
    .returning({ id: sizeCharts.id });
  if (!row) throw new Error('insertChart: no row returned');
  return row.id;
}

/** Replace one of the seller's charts; false when it is not theirs. */
export async function updateChart(
  db: Queryable,
  id: string,
  sellerId: string,
  chart: ChartFields,
): Promise<boolean> {
  const rows = await db
    .update(sizeCharts)
    .set({ ...chart, updatedAt: new Date() })
    .where(mine(id, sellerId))
    .returning({ id: sizeCharts.id });
  return rows.length > 0;
}

/**
 * Lock one of the seller's charts for deletion (FOR UPDATE: a product being pointed at it holds a key-share
 * lock, so the count below sees every product that will lose it) and count its products; undefined when
 * it is not theirs.
 */
export async function lockForDelete(
  tx: Queryable,
  id: string,
  sellerId: string,
): Promise<{ productCount: number } | undefined> {
  const locked = await tx
    .select({ id: sizeCharts.id })
    .from(sizeCharts)
    .where(mine(id, sellerId))
    .for('update');
  if (locked.length === 0) return undefined;
  const [row] = await tx.select({ n: count() }).from(products).where(eq(products.sizeChartId, id));
  return { productCount: row?.n ?? 0 };
}

/** Delete the chart; its products fall back to none (products.size_chart_id is ON DELETE SET NULL). */
export async function deleteChart(tx: Queryable, id: string, sellerId: string): Promise<void> {
  await tx.delete(sizeCharts).where(mine(id, sellerId));
}
