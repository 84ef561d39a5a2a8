import { z } from 'zod';
import { tryParseMoney } from '../money.ts';
import { categoryPathSchema } from './product.ts';

/** Category payloads (docs/product/api.md#resources "Category record", "Category tax info"; docs/product/api.md categories). */

export const categoryRecordSchema = categoryPathSchema.extend({ _id: z.string() });
export type CategoryRecord = z.infer<typeof categoryRecordSchema>;

export const hsnTaxSchema = z.object({
  hsn: z.string(),
  /** GST rate in percent. */
  tax: z.number(),
});

export const categoryNamesSchema = z.array(z.string());

/** Path segments naming a category level; URL-decoded by the router. */
const levelName = z.string().trim().min(1).max(200);
export const levelParams = {
  second: z.object({ first: levelName }),
  third: z.object({ second: levelName, first: levelName }),
  fourth: z.object({ third: levelName, second: levelName }),
  fifth: z.object({ fourth: levelName, third: levelName }),
};

/** Blank or missing levels mean "this level is empty" (null in the record). */
const optionalLevel = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((v) => (v ? v : null));

/** GET /api/category/getcategoryid?category=&subCategory=&levelThreeCategory=&… */
export const categoryIdQuery = z.object({
  category: z.string().trim().min(1, 'Please choose a category').max(200),
  subCategory: z.string().trim().min(1, 'Please choose a subcategory').max(200),
  levelThreeCategory: optionalLevel,
  levelFourCategory: optionalLevel,
  levelFiveCategory: optionalLevel,
});
export type CategoryIdQuery = z.output<typeof categoryIdQuery>;

export const categoryIdSchema = z.object({ categoryId: z.string() });

/** GET /api/category/:name — every category row with a level of that name. */
export const categoryIdsSchema = z.object({ categoryIDs: z.array(z.string()) });

export const categoryNameParams = z.object({ name: z.string().trim().min(1).max(200) });

/**
 * GET /api/category/:name?parents=a/b: the levels just above `name`, in order, '/'-separated (as in the
 * category page's URL). With it, only categories holding that whole run of levels match, so 'Men Clothes
 * › Ethnic Wear' does not also list 'Women Clothes › Ethnic Wear'; without it, any level of that name does.
 */
export const categoryNameQuery = z.object({
  parents: z
    .string()
    .max(1000)
    .optional()
    .transform((value) =>
      (value ?? '')
        .split('/')
        .map((level) => level.trim())
        .filter(Boolean),
    ),
});

export const categoryIdParams = z.object({ categoryId: z.string().max(100) });

// ——— Category markups (docs/product/catalog.md#markups; ADR 0033: one per top-level category) ———

export const MARKUP_MSG = {
  range: 'The markup must be a percentage from 0 to 100 with at most 2 decimals.',
  notFound: 'Category markup not found',
} as const;

export const categoryMarkupSchema = z.object({
  _id: z.string(),
  uniqueCategoryName: z.string(),
  percentageMarkup: z.number(),
});
export type CategoryMarkup = z.infer<typeof categoryMarkupSchema>;

export const markupIdParams = z.object({ id: z.string().max(100) });
export const markupNameParams = z.object({ mainCategory: z.string().trim().min(1).max(200) });

/** PUT /api/category/categories-markup/:id (Admin only). */
export const markupBody = z
  .object({
    percentageMarkup: z
      .number({ error: MARKUP_MSG.range })
      .min(0, MARKUP_MSG.range)
      .max(100, MARKUP_MSG.range)
      .refine((v) => tryParseMoney(v, 2) !== null, MARKUP_MSG.range),
  })
  .strict();
export type MarkupBody = z.input<typeof markupBody>;
