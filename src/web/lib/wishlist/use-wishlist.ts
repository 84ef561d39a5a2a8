import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Wishlist } from '#shared/schemas/wishlist.ts';
import { queryKeys } from '#web/lib/query-keys.ts';
import { sessionQueryOptions, useSession } from '#web/lib/session.ts';
import { removeGuest, saveGuest, useGuestWishlist } from './guest-store.ts';
import { setSaved, wishlistQueryOptions } from './wishlist-api.ts';

/**
 * Which products are saved, for the hearts and the wishlist page: the account's list when someone is
 * signed in, else this browser's guest list (docs/decisions/0104-wishlist.md).
 */
export function useWishlist() {
  const { user } = useSession();
  const guest = useGuestWishlist();
  const account = useQuery({ ...wishlistQueryOptions(), enabled: !!user?.active });
  const ids = useMemo(
    () => (user ? (account.data?.products.map((p) => p._id) ?? []) : guest),
    [user, account.data, guest],
  );
  const saved = useMemo(() => new Set(ids), [ids]);
  return { signedIn: !!user, ids, isSaved: (id: string) => saved.has(id), account };
}

/**
 * Save or remove one product. A guest's list changes at once; an account's is written to the server,
 * and the mutation stays pending until the list has been read again, so a heart never flickers back.
 */
export function useSetSaved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ productId, saved }: { productId: string; saved: boolean }) => {
      // Who is signed in, waiting for the first check if a heart is tapped while it runs.
      const user = await queryClient.ensureQueryData(sessionQueryOptions());
      if (!user) {
        if (saved) saveGuest(productId);
        else removeGuest(productId);
        return;
      }
      await setSaved(productId, saved);
      if (!saved) {
        // Off the page's list at once; the refetch below confirms it.
        queryClient.setQueryData<Wishlist>(queryKeys.wishlist, (old) =>
          old ? { products: old.products.filter((p) => p._id !== productId) } : old,
        );
      }
      await queryClient.invalidateQueries({ queryKey: queryKeys.wishlist });
    },
  });
}
