import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  NEW_PRODUCT_PARTS,
  type DiscountBody,
  type NewProductBody,
  type ProductFormOutput,
  type UpdateProductBody,
} from '#shared/schemas/product-form.ts';
import { isProductLocked } from '#shared/product-lock.ts';
import type { Product, ProductDiscount } from '#shared/schemas/product.ts';
import { api, ApiError, isApiError } from '#web/lib/api-client.ts';
import { invalidateProducts } from '#web/lib/query-keys.ts';
import { uploadProductImages } from './upload-product-images.ts';

/**
 * Saving the Create / Edit Product form:
 * - create: one request, `POST /api/products/with-images`, with the fields, the discount (when Add
 *   Discount is ticked) and the image files; the server creates all of it or nothing
 *   (docs/product/catalog.md#creating-and-editing-a-product). Creating does not start the edit lock.
 * - edit: upload images added to a product not yet locked, update the product (the fields that may
 *   change), then save the discount; unticking Add Discount switches an existing discount off.
 */

export type SaveProductInput = {
  /** The product being edited; null to create one. */
  existing: Product | null;
  existingDiscount: ProductDiscount | null;
  values: ProductFormOutput;
  /** Files not uploaded yet, by the `blob:` URL that stands for them in `values.image`. */
  files: ReadonlyMap<string, File>;
};

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

function discountOf(values: ProductFormOutput): DiscountBody {
  return {
    discount_value: Number(values.discount_value),
    discount_unit: values.discount_unit,
    valid_until: values.valid_until,
    coupon_code: values.coupon_code,
    activate: true,
  };
}

/** Upload the files among `image` and answer the list with every `blob:` URL replaced by its stored link. */
async function uploadNew(productId: string, image: readonly string[], files: ReadonlyMap<string, File>) {
  const pending = image.filter((url) => files.has(url));
  if (pending.length === 0) return [...image];
  const links = await uploadProductImages(
    productId,
    pending.map((url) => files.get(url) as File),
  );
  const stored = new Map(pending.map((url, i) => [url, links[i] ?? url]));
  return image.map((url) => stored.get(url) ?? url);
}

async function saveDiscount(productId: string, input: SaveProductInput) {
  const { values, existingDiscount } = input;
  const path = `/api/product-discounts/${encodeURIComponent(productId)}`;
  if (values.addDiscount) {
    await api.put<ProductDiscount>(path, { ...discountOf(values), product_id: productId });
  } else if (existingDiscount?.activate) {
    // The active flag follows the checkbox (docs/product/orders-and-checkout.md#checkout-flow): keep the discount, switched off.
    await api.put<ProductDiscount>(path, {
      product_id: productId,
      discount_value: existingDiscount.discount_value,
      discount_unit: existingDiscount.discount_unit,
      valid_until: existingDiscount.valid_until,
      coupon_code: existingDiscount.coupon_code,
      activate: false,
    } satisfies DiscountBody);
  }
}

/** The one create request: the fields as JSON in the `product` field, then the files in display order. */
async function createProduct(
  fields: Omit<NewProductBody, 'discount'>,
  { values, files }: SaveProductInput,
): Promise<Product> {
  const body: NewProductBody = { ...fields, ...(values.addDiscount && { discount: discountOf(values) }) };
  const form = new FormData();
  form.append(NEW_PRODUCT_PARTS.fields, JSON.stringify(body));
  for (const url of values.image) {
    const file = files.get(url);
    if (file) form.append(NEW_PRODUCT_PARTS.files, file, file.name);
  }
  try {
    return await api.post<Product>('/api/products/with-images', form);
  } catch (error) {
    if (!isApiError(error)) throw error;
    // The form shows the discount's fields at its top level; the body nests them under `discount`.
    const errors = error.errors.map((e) => ({ ...e, path: e.path.replace(/^discount\./, '') }));
    throw new ApiError(error.status, error.message, errors, error.code);
  }
}

/**
 * Each existing variant says which stock the form showed (`stockSeen`), so a save that leaves a count alone
 * keeps the stock orders have taken since the form opened (docs/decisions/0102-product-variants.md).
 */
export function withStockSeen<T extends { _id?: string | undefined }>(
  rows: readonly T[],
  existing: Product | null,
) {
  const shown = new Map((existing?.variants ?? []).map((v) => [v._id, v.countInStock]));
  return rows.map((r) => {
    const seen = r._id === undefined ? undefined : shown.get(r._id);
    return seen === undefined ? r : { ...r, stockSeen: seen };
  });
}

export async function saveProduct(input: SaveProductInput): Promise<Product> {
  const { existing, values, files } = input;
  // The variant grid (docs/decisions/0102-product-variants.md): existing rows carry their `_id`.
  // `sizes` and `countInStock` are what the grid adds up to; the server derives its own from `variants`.
  const changeable = {
    price: values.price,
    countInStock: values.countInStock,
    sizes: values.sizes,
    ...(values.variants ? { variants: withStockSeen(values.variants, existing) } : {}),
    sizeChartId: values.sizeChartId ?? null,
    description: values.description,
  };
  const lockable = {
    name: values.name,
    currency: values.currency,
    brand: values.brand,
    categoryId: values.categoryId,
  };

  if (!existing) return createProduct({ ...lockable, ...changeable }, input);

  const locked = isProductLocked(existing);
  const body: UpdateProductBody = locked
    ? changeable
    : { ...lockable, ...changeable, image: await uploadNew(existing._id, values.image, files) };
  const product = await api.put<Product>(productPath(existing._id), body);
  await saveDiscount(existing._id, input);
  return product;
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    // Tables, storefront lists, the product page and the discounts all may change.
    onSettled: () => invalidateProducts(queryClient),
  });
}
