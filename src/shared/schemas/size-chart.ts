import { z } from 'zod';
import {
  SIZE_CHART_LIMITS as LIMITS,
  SIZE_CHART_UNITS,
  normalizeMeasurement,
  parseMeasurement,
  sizeKey,
} from '../size-charts.ts';
import { idSchema, isoDate } from './common.ts';
import { sizeChartSchema } from './product.ts';

/**
 * A seller's size charts (docs/product/api.md "Size charts", docs/decisions/0106-size-charts.md). The
 * editor's form and the routes parse the same `sizeChartBody`, so both give the same messages.
 */

export const SIZE_CHART_MSG = {
  name: `Please enter a chart name (at most ${String(LIMITS.name)} characters).`,
  nameTaken: 'You already have a size chart with this name.',
  unit: 'Please choose cm or in.',
  columns: `Add 1 to ${String(LIMITS.columns)} measurements, such as Chest, Waist or Length.`,
  column: `Please name this measurement (at most ${String(LIMITS.column)} characters).`,
  columnDuplicate: 'This measurement is already in the chart.',
  rows: `Add 1 to ${String(LIMITS.rows)} sizes.`,
  size: `Please enter the size (at most ${String(LIMITS.size)} characters).`,
  sizeDuplicate: 'This size is already in the chart.',
  value: 'Enter a number such as 38 or 38.5, or a range such as 38-40.',
  valueCount: 'Give one value for each measurement.',
  notFound: 'Size chart not found',
  sellerOnly: 'Only Admin may look at another seller’s size charts.',
} as const;

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

const measurement = z
  .string({ error: SIZE_CHART_MSG.value })
  .transform(normalizeMeasurement)
  .refine((v) => parseMeasurement(v) !== null, SIZE_CHART_MSG.value);

const rowSchema = z.object({
  size: text(LIMITS.size, SIZE_CHART_MSG.size),
  values: z.array(measurement, { error: SIZE_CHART_MSG.valueCount }),
});

/** POST /api/size-charts and PUT /api/size-charts/:id: the whole chart. */
export const sizeChartBody = z
  .object({
    name: text(LIMITS.name, SIZE_CHART_MSG.name),
    unit: z.enum(SIZE_CHART_UNITS, { error: SIZE_CHART_MSG.unit }),
    columns: z
      .array(text(LIMITS.column, SIZE_CHART_MSG.column), { error: SIZE_CHART_MSG.columns })
      .min(1, SIZE_CHART_MSG.columns)
      .max(LIMITS.columns, SIZE_CHART_MSG.columns),
    rows: z
      .array(rowSchema, { error: SIZE_CHART_MSG.rows })
      .min(1, SIZE_CHART_MSG.rows)
      .max(LIMITS.rows, SIZE_CHART_MSG.rows),
  })
  .superRefine((chart, ctx) => {
    const columns = new Set<string>();
    chart.columns.forEach((c, i) => {
      const key = c.toLowerCase();
      if (columns.has(key))
        ctx.addIssue({ code: 'custom', path: ['columns', i], message: SIZE_CHART_MSG.columnDuplicate });
      columns.add(key);
    });
    const sizes = new Set<string>();
    chart.rows.forEach((r, i) => {
      const key = sizeKey(r.size);
      if (sizes.has(key))
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'size'], message: SIZE_CHART_MSG.sizeDuplicate });
      sizes.add(key);
      if (r.values.length !== chart.columns.length)
        ctx.addIssue({ code: 'custom', path: ['rows', i, 'values'], message: SIZE_CHART_MSG.valueCount });
    });
  });
export type SizeChartBody = z.input<typeof sizeChartBody>;
export type SizeChartInput = z.output<typeof sizeChartBody>;

/** One of the seller's charts in their list: the chart, how many of their products use it, when it changed. */
export const sizeChartItemSchema = sizeChartSchema.extend({
  productCount: z.number().int().min(0),
  updatedAt: isoDate,
});
export type SizeChartItem = z.infer<typeof sizeChartItemSchema>;

/** GET /api/size-charts: the charts by name. */
export const sizeChartListSchema = z.array(sizeChartItemSchema);

/** GET /api/size-charts?seller=: Admin may name the seller (an admin editing that seller's product). */
export const sizeChartListQuery = z.object({ seller: idSchema.optional() });

/** DELETE /api/size-charts/:id: how many products used the chart (they now show none). */
export const sizeChartDeletedSchema = z.object({
  message: z.string(),
  productsDetached: z.number().int().min(0),
});
export type SizeChartDeleted = z.infer<typeof sizeChartDeletedSchema>;
