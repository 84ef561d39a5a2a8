import { MAX_PRODUCT_IMAGES, PRODUCT_MSG } from '#shared/schemas/product-form.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { sniffImageType, storeProductImage, withImage } from '../../lib/images.ts';
import { newKey, type Storage } from '../../lib/storage.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { checkImageUploadTarget } from '../catalog/product-write.service.ts';

/**
 * Image uploads (docs/product/api.md Uploads; docs/product/catalog.md). Files are checked by their content, never by their name
 * or declared type, then re-encoded by sharp (which also drops EXIF/GPS metadata) before they are stored.
 */

export type UploadCtx = AuthedCtx & { storage: Storage };

export const UPLOAD_MSG = {
  notAnImage: 'Only JPEG, PNG, WebP or GIF images are accepted',
  tooLarge: 'Each image must be at most 5 MB',
  requestTooLarge: 'Images sent together must be at most 20 MB: please send fewer at a time',
  noFile: 'Please choose an image to upload',
  noProduct: 'Please say which product the images are for (productId)',
  notMultipart: 'Please send the files as multipart/form-data',
  unreadable: 'The image could not be read',
} as const;

const unsupported = () =>
  new AppError('unsupported_media', UPLOAD_MSG.notAnImage, { code: 'unsupported_image' });

/**
 * The product images may be uploaded for: one of the caller's (any product for Admin), whose images are
 * not locked yet. The catalog decides (`checkImageUploadTarget`).
 */
export async function checkProductUploadTarget(ctx: AuthedCtx, productId: string): Promise<void> {
  await checkImageUploadTarget(ctx, productId);
}

/** Every file must be an image (415 otherwise), at most MAX_PRODUCT_IMAGES of them. */
export function checkImageFiles(files: readonly Buffer[]): void {
  if (files.length === 0) throw invalid(UPLOAD_MSG.noFile, [{ path: 'files', message: UPLOAD_MSG.noFile }]);
  if (files.length > MAX_PRODUCT_IMAGES)
    throw invalid(PRODUCT_MSG.tooManyImages, [{ path: 'files', message: PRODUCT_MSG.tooManyImages }]);
  if (files.some((f) => sniffImageType(f) === null)) throw unsupported();
}

/**
 * POST /api/upload/product: store the images of a product (original, thumbnail and medium WebP) and
 * answer their links in order. They are attached by the product's update (docs/product/orders-and-checkout.md#checkout-flow), which only accepts
 * links from this product's folder.
 */
export async function storeProductImages(
  ctx: UploadCtx,
  productId: string,
  files: readonly Buffer[],
): Promise<string[]> {
  await checkProductUploadTarget(ctx, productId);
  checkImageFiles(files);
  const urls: string[] = [];
  // One at a time: each image is three sharp encodes, and the machine has other requests to serve.
  for (const file of files) urls.push((await storeProductImage(ctx.storage, productId, file)).url);
  return urls;
}

export type ShopImageKind = 'picture' | 'banner';

/** Shop pictures are shown round and small; banners wide. Neither is enlarged. */
const SHOP_IMAGE_SIZE: Record<ShopImageKind, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  picture: { width: 400, height: 400, fit: 'cover' },
  banner: { width: 1920, height: 640, fit: 'inside' },
};

/**
 * POST /api/upload/shop-picture and /shop-banner (sellers only, by the route's guard): store the image as
 * WebP under the seller's folder and answer its path, which the profile update then saves (docs/product/api.md).
 */
export async function storeShopImage(
  ctx: UploadCtx,
  kind: ShopImageKind,
  file: Buffer | null,
): Promise<string> {
  if (!file) throw invalid(UPLOAD_MSG.noFile, [{ path: 'file', message: UPLOAD_MSG.noFile }]);
  if (sniffImageType(file) === null) throw unsupported();
  const size = SHOP_IMAGE_SIZE[kind];
  const data = await withImage(file, (image) =>
    image
      .rotate()
      .resize({ ...size, withoutEnlargement: true })
      .webp({ quality: 82, effort: 3 })
      .toBuffer(),
  );
  const key = newKey(`shops/${ctx.actor.id}/${kind}`, 'webp');
  await ctx.storage.put(key, data, 'image/webp', 'public');
  return ctx.storage.publicUrl(key);
}
