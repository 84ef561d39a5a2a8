import { api } from '#web/lib/api-client.ts';

export type ShopImageKind = 'picture' | 'banner';

/** POST /api/upload/shop-picture or /shop-banner — one image; answers the stored path (docs/product/api.md). */
export function uploadShopImage(kind: ShopImageKind, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.post<string>(`/api/upload/shop-${kind}`, form);
}
