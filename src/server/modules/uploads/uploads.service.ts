import { RETURN_MAX_PHOTOS } from '#shared/fulfilment.ts';
import { MAX_RETURN_VIDEO_BYTES, RETURN_MSG, type ReturnMediaUpload } from '#shared/schemas/fulfilment.ts';
import { MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES, PRODUCT_MSG } from '#shared/schemas/product-form.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError, invalid } from '../../lib/errors.ts';
import { sniffImageType, storeImage, storeProductImage, withImage } from '../../lib/images.ts';
import { keyOfPublicUrl, newKey, type Storage } from '../../lib/storage.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { checkImageUploadTarget } from '../catalog/product-write.service.ts';
import * as repo from './uploads.repo.ts';
import { sniffVideoType, VIDEO_CONTENT_TYPES } from './videos.ts';

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

// ---------------------------------------------------------------------------------------------------------
// Return requests' photos and video (docs/decisions/0112-returns-and-exchanges.md)
// ---------------------------------------------------------------------------------------------------------

/** The uploads table's kind for a return request's files. */
export const RETURN_UPLOAD_KIND = 'returns';

export const RETURN_UPLOAD_MSG = {
  notMedia: 'Only JPEG, PNG, WebP or GIF photos, or an MP4, WebM or QuickTime video, are accepted',
  photoTooLarge: 'Each photo must be at most 5 MB',
  videoTooLarge: 'The video must be at most 20 MB',
  noFile: 'Please choose photos or a video to upload',
  notYours: 'Please upload the photos or video again: one of them is not yours',
} as const;

const mediaInvalid = (message: string) => invalid(message, [{ path: 'files', message }]);

/**
 * POST /api/upload/returns: up to 4 photos (each through the product images' pipeline: sniffed,
 * re-encoded without metadata, thumbnail and medium variants) or one video (sniffed, stored as sent),
 * under `returns/<buyer>/`, each recorded as the caller's upload so only the caller can attach it to a
 * request. Nothing is stored unless every file is acceptable. The files are PRIVATE, like KYC documents:
 * the answered URL only names a file (`/uploads/<key>`, which serves nothing); the request's viewers
 * open it through GET /api/returns/:id/media/:index/:file, which checks who asks.
 */
export async function storeReturnMedia(ctx: UploadCtx, files: readonly Buffer[]): Promise<ReturnMediaUpload> {
  if (files.length === 0) throw mediaInvalid(RETURN_UPLOAD_MSG.noFile);
  const kinds = files.map((f) => {
    if (sniffImageType(f)) return { type: 'photo' as const, file: f };
    const video = sniffVideoType(f);
    if (video) return { type: 'video' as const, file: f, video };
    throw new AppError('unsupported_media', RETURN_UPLOAD_MSG.notMedia, { code: 'unsupported_media' });
  });
  const videos = kinds.filter((k) => k.type === 'video');
  if (videos.length > 0 && files.length > 1) throw mediaInvalid(RETURN_MSG.media);
  if (files.length > RETURN_MAX_PHOTOS) throw mediaInvalid(RETURN_MSG.media);
  for (const k of kinds) {
    const max = k.type === 'photo' ? MAX_IMAGE_BYTES : MAX_RETURN_VIDEO_BYTES;
    if (k.file.length > max)
      throw new AppError(
        'too_large',
        k.type === 'photo' ? RETURN_UPLOAD_MSG.photoTooLarge : RETURN_UPLOAD_MSG.videoTooLarge,
        { code: 'file_too_large' },
      );
  }
  const folder = `returns/${ctx.actor.id}`;
  const stored: (repo.UploadRecord & { url: string; type: 'photo' | 'video' })[] = [];
  for (const k of kinds) {
    if (k.type === 'photo') {
      const { url, key } = await storeImage(ctx.storage, folder, k.file, { visibility: 'private' });
      stored.push({ url, key, contentType: 'image/webp', size: k.file.length, type: 'photo' });
    } else {
      const { contentType, extension } = VIDEO_CONTENT_TYPES[k.video];
      const key = newKey(folder, extension);
      await ctx.storage.put(key, k.file, contentType, 'private');
      stored.push({ url: ctx.storage.publicUrl(key), key, contentType, size: k.file.length, type: 'video' });
    }
  }
  await repo.recordUploads(ctx.db, ctx.actor.id, RETURN_UPLOAD_KIND, stored);
  return { media: stored.map(({ url, type }) => ({ url, type })) };
}

/**
 * The media of a return request, checked: every URL must be a return upload of `ownerId` (400 otherwise).
 * Answers each URL with whether it is a photo or the video, in the order given.
 */
export async function ownedReturnMedia(
  db: Queryable,
  ownerId: string,
  urls: readonly string[],
): Promise<{ url: string; type: 'photo' | 'video' }[]> {
  const keys = urls.map((u) => keyOfPublicUrl(u));
  if (keys.some((k) => k === null))
    throw invalid(RETURN_UPLOAD_MSG.notYours, [{ path: 'media', message: RETURN_UPLOAD_MSG.notYours }]);
  const owned = new Map(
    (await repo.ownedUploads(db, ownerId, RETURN_UPLOAD_KIND, keys as string[])).map((r) => [
      r.key,
      r.contentType,
    ]),
  );
  return urls.map((url, i) => {
    const type = owned.get(keys[i]!);
    if (!type)
      throw invalid(RETURN_UPLOAD_MSG.notYours, [{ path: 'media', message: RETURN_UPLOAD_MSG.notYours }]);
    return { url, type: type.startsWith('video/') ? ('video' as const) : ('photo' as const) };
  });
}
