import { MAX_UPLOAD_REQUEST_BYTES } from '#shared/schemas/product-form.ts';
import { api } from '#web/lib/api-client.ts';

/** Split files, in order, into batches whose sizes add up to at most `max` bytes (a larger file alone). */
export function batchesOf<T extends { size: number }>(files: readonly T[], max: number): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length > 0 && bytes + file.size > max) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * POST /api/upload/product — multipart productId, then the files; answers the stored links in order. The
 * server takes at most MAX_UPLOAD_REQUEST_BYTES of images per request, so larger sets go in batches.
 */
export async function uploadProductImages(productId: string, files: readonly File[]): Promise<string[]> {
  const links: string[] = [];
  // Multipart adds a few hundred bytes a file: leave room for it.
  for (const batch of batchesOf(files, MAX_UPLOAD_REQUEST_BYTES - 64 * 1024)) {
    const form = new FormData();
    form.append('productId', productId);
    for (const file of batch) form.append('files', file, file.name);
    links.push(...(await api.post<string[]>('/api/upload/product', form)));
  }
  return links;
}
