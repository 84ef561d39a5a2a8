import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { createRequire } from 'node:module';
import type { Sharp } from 'sharp';
import type SharpModule from 'sharp';
import { IMAGE_VARIANTS, ORIGINAL_MAX_PX, VARIANT_WIDTH, variantUrl } from '#shared/images.ts';
import { AppError } from './errors.ts';
import { assertSafeKey, keyOfPublicUrl, type Storage, type Visibility } from './storage.ts';

export type ImageType = 'jpeg' | 'png' | 'webp' | 'gif';

/** The image type by its first bytes (docs/product/catalog.md: sniffed by content, never by name or header). */
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

/**
 * How much image work one process does (docs/decisions/0010-abuse-limits.md). Decoding a large image
 * takes a core and, for formats like PNG, memory for its pixels: a few parallel uploads of large images
 * used to take every core and a gigabyte of memory, kept afterwards by libvips' operation cache.
 * - `maxPixels`: refused from the file's header, before anything is decoded ("decompression bombs": a
 *   small PNG can declare 20 000 × 20 000 pixels). 50 megapixels takes the largest phone and camera photos.
 * - `decodeSlots`: images decoded at once, half the cores (at least one), so image work never takes every
 *   core from the other requests; the rest wait their turn in order.
 */
export const IMAGE_LIMITS = {
  maxPixels: 50_000_000,
  decodeSlots: Math.max(1, Math.floor(os.availableParallelism() / 2)),
} as const;

export const IMAGE_MSG = {
  unreadable: 'The image could not be read',
  tooManyPixels: `The image is too large: at most ${IMAGE_LIMITS.maxPixels / 1_000_000} megapixels (for example 8000 × 6000)`,
} as const;

/**
 * sharp (libvips, ~20 MB resident) is loaded at the first image, not at start
 * (docs/decisions/0129-server-hot-paths.md). Then: one libvips thread per image (the slots give the
 * parallelism) and no operation cache (it held decoded pixels until restart), for the whole process,
 * the demo seed included once it stores an image.
 */
let sharpModule: typeof SharpModule | undefined;
function sharp(...args: Parameters<typeof SharpModule>): Sharp {
  if (!sharpModule) {
    sharpModule = createRequire(import.meta.url)('sharp') as typeof SharpModule;
    sharpModule.concurrency(1);
    sharpModule.cache(false);
  }
  return sharpModule(...args);
}

/** A counting semaphore: at most `size` tasks run; the others wait in arrival order. */
export class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Tasks running and waiting now. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiter, or give it back.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

export const decodeSlots = new Slots(IMAGE_LIMITS.decodeSlots);

const unreadable = (cause: unknown) =>
  Object.assign(new AppError('invalid', IMAGE_MSG.unreadable, { code: 'IMAGE_UNREADABLE' }), { cause });

/**
 * Decode an image and make something of it, within the limits above: its declared size is checked from
 * the header first (413 when too large; 400 when the header cannot be read), then `work` runs on it in a
 * decode slot. Any failure inside `work` is an unreadable image (400).
 */
export async function withImage<T>(buffer: Buffer, work: (image: Sharp) => Promise<T>): Promise<T> {
  let width: number;
  let height: number;
  try {
    // Header only; sharp's own default limit would refuse to read the header of a bomb.
    ({ width, height } = await sharp(buffer, { limitInputPixels: false }).metadata());
  } catch (err) {
    throw unreadable(err);
  }
  if (width * height > IMAGE_LIMITS.maxPixels)
    throw new AppError('too_large', IMAGE_MSG.tooManyPixels, { code: 'image_too_many_pixels' });
  return decodeSlots.run(async () => {
    try {
      return await work(sharp(buffer, { limitInputPixels: IMAGE_LIMITS.maxPixels, failOn: 'error' }));
    } catch (err) {
      throw unreadable(err);
    }
  });
}

export type StoreImageOptions = {
  /** WebP encoder effort, 0 (fastest) to 6 (smallest files). The demo seed trades size for speed. */
  effort?: number;
  /**
   * `private` for a buyer's return photos (docs/decisions/0112-returns-and-exchanges.md): the answered
   * URL then only names the file (its key); it is served by an authorised route, never by that URL.
   */
  visibility?: Visibility;
};

/**
 * Store a product image: the original re-encoded as WebP (auto-rotated, metadata such as EXIF/GPS
 * dropped, at most 1600 px on its longer side) and its thumbnail and medium variants, under
 * `products/<productId>/<uuid>-{original,thumbnail,medium}.webp`. Returns the original's URL.
 * Not an image of a supported type → 415; too many pixels → 413; undecodable → 400.
 */
export async function storeProductImage(
  storage: Storage,
  productId: string,
  buffer: Buffer,
  options: StoreImageOptions = {},
): Promise<{ url: string; key: string }> {
  return storeImage(storage, `products/${productId}`, buffer, options);
}

/**
 * Store an image the way product images are stored (same checks, re-encoding and variants), in `folder`
 * (`reviews/<reviewId>` for review photos, docs/decisions/0105-reviews.md).
 */
export async function storeImage(
  storage: Storage,
  folder: string,
  buffer: Buffer,
  { effort = 3, visibility = 'public' }: StoreImageOptions = {},
): Promise<{ url: string; key: string }> {
  if (!sniffImageType(buffer))
    throw new AppError('unsupported_media', 'Only JPEG, PNG, WebP or GIF images are accepted', {
      code: 'unsupported_image',
    });
  const key = `${folder}/${randomUUID()}-original.webp`;
  assertSafeKey(key);

  const outputs = await withImage(buffer, async (image) => {
    // Decoded once, to at most 1600 px (sharp drops metadata; rotate() applies the EXIF orientation);
    // the variants are made from those pixels, not by decoding the upload again.
    const { data, info } = await image
      .rotate()
      .resize(ORIGINAL_MAX_PX, ORIGINAL_MAX_PX, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels = () =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const webp = (img: Sharp, quality: number) => img.webp({ quality, effort }).toBuffer();
    return Promise.all([
      webp(pixels(), 85),
      ...IMAGE_VARIANTS.map((v) =>
        webp(
          pixels().resize({ width: VARIANT_WIDTH[v], withoutEnlargement: true }),
          v === 'thumbnail' ? 75 : 80,
        ),
      ),
    ]);
  });
  const keys = [key, ...IMAGE_VARIANTS.map((v) => variantUrl(key, v))];
  const written = await Promise.allSettled(
    keys.map((k, i) => storage.put(k, outputs[i] as Buffer, 'image/webp', visibility)),
  );
  const failed = written.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    // The caller never learns this image's URL, so it cannot clean up: remove what was written here.
    await Promise.allSettled(keys.map((k) => storage.delete(k)));
    throw failed.reason;
  }
  return { url: storage.publicUrl(key), key };
}

/** Delete an image stored by `storeProductImage` or `storeImage` and its variants, given its URL. */
export async function deleteProductImage(storage: Storage, url: string): Promise<void> {
  const key = keyOfPublicUrl(url);
  if (!key || !key.includes('original')) return;
  await Promise.all([key, ...IMAGE_VARIANTS.map((v) => variantUrl(key, v))].map((k) => storage.delete(k)));
}
