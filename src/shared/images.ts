/**
 * Product image variants (docs/product/api.md#resources, docs/product/catalog.md): the stored original's URL contains the word
 * `original`; the server also stores a `thumbnail` (≈300 px wide) and a `medium` (≈800 px wide) WebP
 * whose URLs are the original's with that word swapped.
 */
export const IMAGE_VARIANTS = ['thumbnail', 'medium'] as const;
export type ImageVariant = (typeof IMAGE_VARIANTS)[number];

/** Widths of the variants, in pixels; the original is kept at most ORIGINAL_MAX_PX on its longer side. */
export const VARIANT_WIDTH: Record<ImageVariant, number> = { thumbnail: 300, medium: 800 };
export const ORIGINAL_MAX_PX = 1600;

/**
 * The URL of a variant of an image. Only the last `original` is swapped, so a host or folder that
 * happens to contain the word is left alone. A URL without it (an image that has no variants, such as
 * a shop banner) is returned unchanged.
 */
export function variantUrl(url: string, variant: ImageVariant): string {
  const at = url.lastIndexOf('original');
  if (at < 0) return url;
  return url.slice(0, at) + variant + url.slice(at + 'original'.length);
}
