import type { Queryable } from '../client.ts';
import { products, sizeCharts, type SizeChartRow } from '../schema/index.ts';
import { inArray } from 'drizzle-orm';

/**
 * The demo shop's size chart (docs/product/catalog.md#size-charts): Kavya Textiles' garment measurements
 * for men's kurtas, in cm, shown on two of its kurtas. Made with the same shape the editor saves.
 */
export const DEMO_SIZE_CHART = {
  name: "Men's kurtas",
  unit: 'cm' as const,
  columns: ['Chest', 'Length', 'Shoulder'],
  rows: [
    { size: 'S', values: ['96', '104', '42'] },
    { size: 'M', values: ['101', '106', '44'] },
    { size: 'L', values: ['106', '108', '46'] },
    { size: 'XL', values: ['112', '110', '48'] },
    { size: 'XXL', values: ['117', '112', '50'] },
    { size: '3XL', values: ['122', '114', '52'] },
    { size: '4XL', values: ['127', '116', '54'] },
  ] satisfies SizeChartRow[],
  products: ['Jaipur Block Print Cotton Kurta', 'Banarasi Silk Festive Kurta'],
};

/** Store the chart for `sellerId` and point its products at it. */
export async function seedSizeCharts(
  db: Queryable,
  sellerId: string,
  idOfProduct: (name: string) => string,
): Promise<void> {
  const { products: names, ...chart } = DEMO_SIZE_CHART;
  const [row] = await db
    .insert(sizeCharts)
    .values({ sellerId, ...chart })
    .returning({ id: sizeCharts.id });
  if (!row) throw new Error('seedSizeCharts: no row returned');
  await db
    .update(products)
    .set({ sizeChartId: row.id })
    .where(inArray(products.id, names.map(idOfProduct)));
}
