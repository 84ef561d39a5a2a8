import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateProductBody,
  DiscountBody,
  ProductFormOutput,
  UpdateProductBody,
} from '#shared/schemas/product-form.ts';
import { isProductLocked } from '#shared/product-lock.ts';
import type { Product, ProductDiscount } from '#shared/schemas/product.ts';
import { api, errorMessage } from '#web/lib/api-client.ts';
import { invalidateProducts } from '#web/lib/query-keys.ts';
import { uploadProductImages } from './upload-product-images.ts';

/**
 * Saving the Create / Edit Product form, the steps of SPEC §4:
 * - create: create the product with no images, upload the images, update the product with their links,
 *   save the discount if Add Discount is ticked;
 * - edit: upload images added to a product not yet locked, update the product (the fields that may
 *   change), then save the discount; unticking Add Discount switches an existing discount off.
 * If a step after the creation fails the product exists already: `ProductCreatedError` carries its id
 * so the page can carry on editing it instead of creating a second one.
 */

export type SaveProductInput = {
  /** The product being edited; null to create one. */
  existing: Product | null;
  existingDiscount: ProductDiscount | null;
  values: ProductFormOutput;
  /** Files not uploaded yet, by the `blob:` URL that stands for them in `values.image`. */
  files: ReadonlyMap<string, File>;
};

export class ProductCreatedError extends Error {
  constructor(
    readonly productId: string,
    cause: unknown,
  ) {
    super(`The product was created, but saving it did not finish: ${errorMessage(cause)}`);
    this.name = 'ProductCreatedError';
    this.cause = cause;
  }
}

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
    // The active flag follows the checkbox (SPEC §4): keep the discount, switched off.
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

export async function saveProduct(input: SaveProductInput): Promise<Product> {
  const { existing, values, files } = input;
  const changeable = {
    price: values.price,
    countInStock: values.countInStock,
    sizes: values.sizes,
    description: values.description,
  };
  const lockable = {
    name: values.name,
    currency: values.currency,
    brand: values.brand,
    categoryId: values.categoryId,
  };

  if (!existing) {
    const created = await api.post<Product>('/api/products', {
      ...lockable,
      ...changeable,
      image: [],
    } satisfies CreateProductBody);
    try {
      const image = await uploadNew(created._id, values.image, files);
      const product = await api.put<Product>(productPath(created._id), {
        ...lockable,
        ...changeable,
        image,
      } satisfies UpdateProductBody);
      await saveDiscount(created._id, input);
      return product;
    } catch (error) {
      throw new ProductCreatedError(created._id, error);
    }
  }

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
