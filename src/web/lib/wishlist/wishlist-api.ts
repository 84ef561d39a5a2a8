import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Wishlist, WishlistMergeResult, WishlistState } from '#shared/schemas/wishlist.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { clearGuestWishlist, readGuestWishlist } from './guest-store.ts';

/** The wishlist endpoints (docs/product/api.md Wishlist). */

/** GET /api/wishlist: the signed-in shopper's saved products on sale, newest first. */
export const getWishlist = (signal?: AbortSignal) => api.get<Wishlist>('/api/wishlist', { signal });

export const wishlistQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.wishlist,
    queryFn: ({ signal }) => getWishlist(signal),
    staleTime: 60_000,
  });

/** PUT /api/wishlist/:id (save) or DELETE (remove); both may be repeated safely. */
export const setSaved = (productId: string, saved: boolean) =>
  saved
    ? api.put<WishlistState>(`/api/wishlist/${encodeURIComponent(productId)}`)
    : api.delete<WishlistState>(`/api/wishlist/${encodeURIComponent(productId)}`);

/**
 * On sign-in (lib/session.ts setSignedIn): hand this browser's guest list to the account, then forget it
 * here. If the request fails the list stays, for the next sign-in; the account's own list is untouched.
 */
export async function mergeGuestWishlist(queryClient: QueryClient): Promise<void> {
  const productIds = readGuestWishlist();
  if (productIds.length === 0) return;
  try {
    await api.post<WishlistMergeResult>('/api/wishlist/merge', { productIds });
  } catch {
    return;
  }
  clearGuestWishlist();
  await queryClient.invalidateQueries({ queryKey: queryKeys.wishlist });
}
