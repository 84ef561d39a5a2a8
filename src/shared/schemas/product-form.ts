import { z } from 'zod';
import { DISCOUNT_MSG, DISCOUNT_UNITS, validateDiscount } from '../discounts.ts';
import { tryParseMoney } from '../money.ts';
import { idSchema } from './common.ts';
import { normalizeSizes } from '../sizes.ts';

export { CLOTHES_SIZES, NO_SIZE, normalizeSizes, SHOE_SIZES, sizeKindOf, sizeOptionsFor } from '../sizes.ts';
export type { CategoryLevels, SizeKind } from '../sizes.ts';

/**
 * Creating and editing products (docs/product/orders-and-checkout.md#checkout-flow "Product creation", "Product edit"; docs/product/messages.md "Create / edit product";
 * docs/product/catalog.md, docs/product/pricing-and-tax.md). The field rules and their messages live here once: the server parses request bodies
 * with `createProductBody` / `updateProductBody` / `discountBody`, and the form's `productForm` is built
 * from the same field schemas (plus what only the form has: the category levels, image previews and the
 * discount panel). What needs the database — the category's sizes from its id, the discount against the
 * stored price, the edit lock — the server checks again with the same functions below.
 */

/** The alerts of docs/product/messages.md word for word; the rest are ours, for rules SPEC leaves open. */
export const PRODUCT_MSG = {
  name: 'Please enter the product name.',
  price: 'Please enter a valid non-negative product price.',
  currency: 'Please select a currency.',
  image: 'Please upload an image.',
  brand: 'Please enter the brand.',
  countInStock: 'Please enter the count in stock.',
  category: 'Please fill all category and subcategory levels.',
  sizes: 'Please select available sizes.',
  description: 'Please enter the product description.',
  discountValue: DISCOUNT_MSG.valueRequired,
  discountDate: 'Please enter the discount valid until date.',
  discountDateTooSoon: 'The discount date must be at least one day in advance.',

  stockNegative: 'Count in stock cannot go below 0.',
  stockWhole: 'The count in stock must be a whole number.',
  stockTooHigh: 'The count in stock can be at most 1,000,000.',
  priceTooHigh: 'The price can be at most ₹1,00,00,000.',
  nameTooLong: 'The product name can be at most 200 characters.',
  brandTooLong: 'The brand can be at most 100 characters.',
  descriptionTooLong: 'The description can be at most 10,000 characters.',
  tooManyImages: 'A product can have at most 8 images.',
  imageLink: 'Invalid image link.',
  imagesFirstCreate: 'Create the product with no images, then upload them and save their links.',
  locked: 'Name, currency, brand, images and category cannot be changed after the first update.',
  lockedField: 'This cannot be changed after the first update.',
  shopRequired: 'Please set up your shop (Shop Settings in your profile) before adding products.',
  couponCode: 'A coupon code may contain only letters, digits, - and _ (at most 40).',
  productMismatch: 'The product id in the body does not match the address.',
} as const;

/** Limits (docs/product/catalog.md for images). */
export const MAX_PRODUCT_IMAGES = 8;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * Bytes of images in one upload request, counted as they arrive: the server holds a request's files in
 * memory, so the web app sends a product's images in batches under this.
 */
export const MAX_UPLOAD_REQUEST_BYTES = 20 * 1024 * 1024;
export const MAX_PRICE = 10_000_000;
export const MAX_STOCK = 1_000_000;
/** The only currency products are listed in (docs/product/messages.md, docs/product/pricing-and-tax.md). */
export const PRODUCT_CURRENCIES = ['INR'] as const;

// ——— Sizes by category: src/shared/sizes.ts (no zod, so the storefront's pages can use them) ———

// ——— Discount dates ———

/** Discount dates are calendar days in India (the marketplace's home and only product currency). */
const IST_OFFSET_MS = 330 * 60_000;
const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar date in India of an instant, 'YYYY-MM-DD'. */
export function indiaDate(at: Date | number): string {
  const t = at instanceof Date ? at.getTime() : at;
  return new Date(t + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The first date a discount may run until: tomorrow in India. */
export const earliestDiscountDate = (now: Date | number = Date.now()) =>
  indiaDate((now instanceof Date ? now.getTime() : now) + DAY_MS);

/**
 * The instant a `valid_until` stands for: a date alone ('2026-06-30', what the form's date picker gives)
 * means the end of that day in India; a full ISO date-time is taken as it is. null when unreadable.
 */
export function discountEndsAt(value: string): Date | null {
  const text = value.trim();
  if (DATE_ONLY.test(text)) {
    const end = new Date(`${text}T23:59:59.999+05:30`);
    return Number.isNaN(end.getTime()) || indiaDate(end) !== text ? null : end;
  }
  const parsed = z.iso.datetime({ offset: true }).safeParse(text);
  if (!parsed.success) return null;
  const at = new Date(text);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * docs/product/messages.md: the date must be at least one day in advance. With a date meaning the end of that day, "at
 * least tomorrow" is the same as "more than 24 hours from now".
 */
export function isDiscountDateFarEnough(value: string, now: Date | number = Date.now()): boolean {
  const end = discountEndsAt(value);
  const t = now instanceof Date ? now.getTime() : now;
  return end !== null && end.getTime() > t + DAY_MS;
}

/** A date input's value for a stored `valid_until` (the India date it ends on). */
export const discountDateInput = (iso: string): string => indiaDate(new Date(iso));

// ——— Field schemas (shared by bodies and the form) ———

const nameSchema = z
  .string({ error: PRODUCT_MSG.name })
  .trim()
  .min(1, PRODUCT_MSG.name)
  .max(200, PRODUCT_MSG.nameTooLong);

const brandSchema = z
  .string({ error: PRODUCT_MSG.brand })
  .trim()
  .min(1, PRODUCT_MSG.brand)
  .max(100, PRODUCT_MSG.brandTooLong);

const descriptionSchema = z
  .string({ error: PRODUCT_MSG.description })
  .trim()
  .min(1, PRODUCT_MSG.description)
  .max(10_000, PRODUCT_MSG.descriptionTooLong);

/** Major units with at most 2 decimals (NUMERIC(14,2) in INR); 0 is allowed ("non-negative"). */
const priceSchema = z
  .number({ error: PRODUCT_MSG.price })
  .min(0, PRODUCT_MSG.price)
  .max(MAX_PRICE, PRODUCT_MSG.priceTooHigh)
  .refine((v) => tryParseMoney(v, 2) !== null, PRODUCT_MSG.price);

const stockSchema = z
  .number({ error: PRODUCT_MSG.countInStock })
  .int(PRODUCT_MSG.stockWhole)
  .min(0, PRODUCT_MSG.stockNegative)
  .max(MAX_STOCK, PRODUCT_MSG.stockTooHigh);

const currencySchema = z.enum(PRODUCT_CURRENCIES, { error: PRODUCT_MSG.currency });

const sizesSchema = z
  .array(z.string().trim().min(1, PRODUCT_MSG.sizes).max(10, PRODUCT_MSG.sizes), { error: PRODUCT_MSG.sizes })
  .min(1, PRODUCT_MSG.sizes)
  .max(20, PRODUCT_MSG.sizes);

/**
 * A stored product image: the original's path as the upload answered it (`/uploads/products/<product
 * id>/<file>`). The server also checks that it belongs to the product being saved.
 */
export const productImagePath = z
  .string({ error: PRODUCT_MSG.imageLink })
  .max(300, PRODUCT_MSG.imageLink)
  .regex(
    /^\/uploads\/products\/[0-9a-f-]{36}\/[A-Za-z0-9][A-Za-z0-9._-]*original[A-Za-z0-9._-]*$/,
    PRODUCT_MSG.imageLink,
  );

/** Messages of the variant grid (ours: SPEC has no variants; docs/decisions/0102-product-variants.md). */
export const VARIANT_MSG = {
  required: 'Please add at least one size.',
  duplicate: 'Each size and colour can be listed once.',
  sku: 'Please enter a SKU of up to 40 letters, digits, dashes or underscores.',
  skuDuplicate: 'Each SKU can be used once in a product.',
  colour: 'A colour can be at most 30 characters.',
  tooMany: 'A product can have at most 100 variants.',
  unknown: 'This variant is not one of this product’s.',
  sizeChart: 'Please choose one of your size charts.',
} as const;

/**
 * One row of the seller's size × colour grid. `_id` names an existing variant on update (its orders keep
 * pointing at it); `price` null or left out uses the product's price.
 */
export const variantInputSchema = z.object({
  _id: idSchema.optional(),
  size: z.string().trim().min(1, PRODUCT_MSG.sizes).max(10, PRODUCT_MSG.sizes),
  colour: z
    .string()
    .trim()
    .max(30, VARIANT_MSG.colour)
    .nullish()
    .transform((v) => (v == null || v === '' ? null : v)),
  sku: z
    .string({ error: VARIANT_MSG.sku })
    .trim()
    .min(1, VARIANT_MSG.sku)
    .max(40, VARIANT_MSG.sku)
    .regex(/^[A-Za-z0-9_-]+$/, VARIANT_MSG.sku),
  countInStock: stockSchema,
  price: priceSchema.nullish().transform((v) => v ?? null),
  /**
   * The stock the form showed for this variant when it was opened. When `countInStock` still equals it,
   * the seller did not change the count, and the variant keeps its stock as it is now: units sold while
   * the form was open are not put back (docs/decisions/0102-product-variants.md).
   */
  stockSeen: z.number().int().min(0).optional(),
});
export type VariantInputBody = z.input<typeof variantInputSchema>;

const variantsSchema = z
  .array(variantInputSchema)
  .min(1, VARIANT_MSG.required)
  .max(100, VARIANT_MSG.tooMany)
  .superRefine((rows, ctx) => {
    const options = new Set<string>();
    const skus = new Set<string>();
    rows.forEach((r, i) => {
      const option = `${r.size.toLowerCase()}|${(r.colour ?? '').toLowerCase()}`;
      if (options.has(option))
        ctx.addIssue({ code: 'custom', path: [i, 'size'], message: VARIANT_MSG.duplicate });
      options.add(option);
      const sku = r.sku.toLowerCase();
      if (skus.has(sku))
        ctx.addIssue({ code: 'custom', path: [i, 'sku'], message: VARIANT_MSG.skuDuplicate });
      skus.add(sku);
    });
  });

/**
 * The product fields a seller sets (docs/product/api.md POST /api/products). `variants` is the grid; a
 * SPEC-shaped body without it (`sizes` + `countInStock`) gets one variant per size with the stock split
 * evenly (#shared/variants.ts). With `variants`, `sizes` and `countInStock` are derived and any sent are ignored.
 */
export const productFields = z.object({
  name: nameSchema,
  price: priceSchema,
  currency: currencySchema,
  brand: brandSchema,
  countInStock: stockSchema,
  categoryId: z.uuid({ error: PRODUCT_MSG.category }),
  sizes: sizesSchema,
  variants: variantsSchema.optional(),
  /** One of the seller's size charts, or null for none. */
  sizeChartId: idSchema.nullish(),
  description: descriptionSchema,
  image: z
    .array(productImagePath, { error: PRODUCT_MSG.imageLink })
    .max(MAX_PRODUCT_IMAGES, PRODUCT_MSG.tooManyImages),
});

/**
 * POST /api/products. docs/product/orders-and-checkout.md#checkout-flow: the product is created with an empty image list, its images are uploaded
 * (they need the product's id), then an update saves their links. `percentageMarkup`, `shop`, `user` and
 * any other field SPEC's clients send are dropped: the server sets them (docs/product/roles-and-accounts.md, docs/product/catalog.md).
 */
export const createProductBody = productFields.extend({
  image: z.array(z.string()).max(0, PRODUCT_MSG.imagesFirstCreate).default([]),
});
export type CreateProductBody = z.input<typeof createProductBody>;

/**
 * PUT /api/products/:id: "the product" (docs/product/api.md). Fields left out keep their value; the rest are checked
 * as on creation. Once updated (updatedAt ≠ createdAt) name, currency, brand, image and category must
 * equal the stored ones (docs/product/orders-and-checkout.md#checkout-flow), which the server checks.
 */
export const updateProductBody = productFields.partial().extend({
  image: productFields.shape.image.min(1, PRODUCT_MSG.image).optional(),
});
export type UpdateProductBody = z.input<typeof updateProductBody>;

// ——— Discounts ———

const couponCodeSchema = z
  .string()
  .trim()
  .max(40, PRODUCT_MSG.couponCode)
  .regex(/^[A-Za-z0-9_-]*$/, PRODUCT_MSG.couponCode)
  .transform((v) => (v === '' ? null : v));

/**
 * PUT /api/product-discounts/:product_id (docs/product/api.md#resources "Product discount", docs/product/api.md). `valid_until` is a date
 * ('2026-06-30': to the end of that day in India) or an ISO date-time; when the discount is active it must
 * be at least one day ahead. Deactivating a discount needs no new date. Whether the value lowers the price
 * is `validateDiscount`'s, with the product's price.
 */
export const discountBody = z
  .object({
    product_id: idSchema.optional(),
    discount_value: z.number({ error: PRODUCT_MSG.discountValue }),
    discount_unit: z.enum(DISCOUNT_UNITS, { error: DISCOUNT_MSG.invalidUnit }),
    valid_until: z
      .string({ error: PRODUCT_MSG.discountDate })
      .trim()
      .min(1, PRODUCT_MSG.discountDate)
      .refine((v) => discountEndsAt(v) !== null, PRODUCT_MSG.discountDate),
    coupon_code: couponCodeSchema.nullable().optional(),
    activate: z.boolean().default(true),
  })
  .superRefine((d, ctx) => {
    if (d.activate && discountEndsAt(d.valid_until) !== null && !isDiscountDateFarEnough(d.valid_until))
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: PRODUCT_MSG.discountDateTooSoon });
  });
export type DiscountBody = z.input<typeof discountBody>;

/**
 * POST /api/products/with-images, the one request that creates a product
 * (docs/decisions/0100-product-creation-is-one-server-action.md): a multipart body whose `product`
 * field is this JSON and whose `images` files are the pictures, in display order. The discount is optional; when
 * given it is saved with the product. Image links are not part of it: the server stores the files itself.
 */
export const newProductBody = productFields.omit({ image: true }).extend({
  discount: discountBody.optional(),
});
export type NewProductBody = z.input<typeof newProductBody>;
/** The multipart field that carries `newProductBody` as JSON; the files come as `images`. */
export const NEW_PRODUCT_PARTS = { fields: 'product', files: 'images' } as const;

/** `validateDiscount` for a price in major units; the message, or null when the discount is fine. */
export function discountValueProblem(
  price: number,
  discount: { discount_value: number; discount_unit: string },
) {
  const priceMinor = tryParseMoney(price, 2);
  if (priceMinor === null) return null; // the price field reports its own problem
  return validateDiscount(priceMinor, discount);
}

// ——— The form ———

/** Blank levels of the category selects are ''. */
const level = z.string().max(200);

/**
 * The Create / Edit Product form (docs/product/screens.md, docs/product/messages.md). `image` holds the pictures in display order: stored links,
 * and `blob:` previews of files not uploaded yet. `categoryId` is filled once every level that has
 * choices is chosen. The discount fields count only when Add Discount is ticked.
 */
export const productForm = productFields
  .omit({ image: true, categoryId: true })
  .extend({
    category: level,
    subCategory: level,
    levelThreeCategory: level,
    levelFourCategory: level,
    levelFiveCategory: level,
    categoryId: z.string().min(1, PRODUCT_MSG.category),
    image: z.array(z.string()).min(1, PRODUCT_MSG.image).max(MAX_PRODUCT_IMAGES, PRODUCT_MSG.tooManyImages),
    addDiscount: z.boolean(),
    discount_value: z.union([z.number(), z.nan()]).optional(),
    discount_unit: z.enum(DISCOUNT_UNITS),
    valid_until: z.string(),
    coupon_code: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.categoryId && v.sizes.length > 0 && normalizeSizes(v.sizes, v) === null)
      ctx.addIssue({ code: 'custom', path: ['sizes'], message: PRODUCT_MSG.sizes });
    if (!v.addDiscount) return;
    const parsed = discountBody.safeParse({
      discount_value: Number.isNaN(v.discount_value) ? undefined : v.discount_value,
      discount_unit: v.discount_unit,
      valid_until: v.valid_until,
      coupon_code: v.coupon_code,
      activate: true,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return;
    }
    const problem = discountValueProblem(v.price, parsed.data);
    if (problem) ctx.addIssue({ code: 'custom', path: ['discount_value'], message: problem });
  });
export type ProductFormValues = z.input<typeof productForm>;
export type ProductFormOutput = z.output<typeof productForm>;
