import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { IMAGE_VARIANTS, ORIGINAL_MAX_PX, VARIANT_WIDTH, variantUrl } from '#shared/images.ts';
import { AppError } from './errors.ts';
import { assertSafeKey, keyOfPublicUrl, type Storage } from './storage.ts';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

/** The image type by its first bytes (DECISIONS §5: sniffed by content, never by name or header). */
export function sniffImageType(buf: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) =>
    buf.length >= at + sig.length && sig.every((b, i) => buf[at + i] === b);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  // "GIF87a" / "GIF89a"
  if (starts([0x47, 0x49, 0x46, 0x38]) && (buf[4] === 0x37 || buf[4] === 0x39) && buf[5] === 0x61)
    return 'gif';
  // "RIFF" <size> "WEBP"
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/** Decoding limit: a small file can still claim a huge canvas ("decompression bomb"). 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000;

export type StoreImageOptions = {
  /** WebP encoder effort, 0 (fastest) to 6 (smallest files). The demo seed trades size for speed. */
  effort?: number;
};

/**
 * Store a product image: the original re-encoded as WebP (auto-rotated, metadata such as EXIF/GPS
 * dropped, at most 1600 px on its longer side) and its thumbnail and medium variants, under
 * `products/<productId>/<uuid>-{original,thumbnail,medium}.webp`. Returns the original's URL.
 * Not an image of a supported type → 415; undecodable → 400.
 */
export async function storeProductImage(
  storage: Storage,
  productId: string,
  buffer: Buffer,
  { effort = 3 }: StoreImageOptions = {},
): Promise<{ url: string; key: string }> {
  if (!sniffImageType(buffer))
    throw new AppError('unsupported_media', 'Only JPEG, PNG, WebP or GIF images are accepted');
  const key = `products/${productId}/${randomUUID()}-original.webp`;
  assertSafeKey(key);

  // sharp drops metadata unless asked to keep it; rotate() first applies the EXIF orientation.
  const webp = (img: Sharp, quality: number) => img.webp({ quality, effort });
  const base = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  let outputs: Buffer[];
  try {
    outputs = await Promise.all([
      webp(
        base.clone().resize(ORIGINAL_MAX_PX, ORIGINAL_MAX_PX, { fit: 'inside', withoutEnlargement: true }),
        85,
      ).toBuffer(),
      ...IMAGE_VARIANTS.map((v) =>
        webp(
          base.clone().resize({ width: VARIANT_WIDTH[v], withoutEnlargement: true }),
          v === 'thumbnail' ? 75 : 80,
        ).toBuffer(),
      ),
    ]);
  } catch (err) {
    throw Object.assign(
      new AppError('invalid', 'The image could not be read', { code: 'IMAGE_UNREADABLE' }),
      { cause: err },
    );
  }
  const keys = [key, ...IMAGE_VARIANTS.map((v) => variantUrl(key, v))];
  await Promise.all(keys.map((k, i) => storage.put(k, outputs[i] as Buffer, 'image/webp', 'public')));
  return { url: storage.publicUrl(key), key };
}

/** Delete a product image stored by `storeProductImage` and its variants, given its URL. */
export async function deleteProductImage(storage: Storage, url: string): Promise<void> {
  const key = keyOfPublicUrl(url);
  if (!key || !key.includes('original')) return;
  await Promise.all([key, ...IMAGE_VARIANTS.map((v) => variantUrl(key, v))].map((k) => storage.delete(k)));
}
