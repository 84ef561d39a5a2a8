import { api } from '#web/lib/api-client.ts';

/** POST /api/upload/product — multipart productId, then the files; answers the stored links in order. */
export function uploadProductImages(productId: string, files: readonly File[]): Promise<string[]> {
  const form = new FormData();
  form.append('productId', productId);
  for (const file of files) form.append('files', file, file.name);
  return api.post<string[]>('/api/upload/product', form);
}
