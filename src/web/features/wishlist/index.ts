/**
 * The wishlist's public face. The page is loaded by the router itself; the heart on product cards and
 * the product page is shared UI (components/wishlist-button.tsx) and the saved-products state app-wide
 * (lib/wishlist/), because the catalogue shows the heart while this feature shows catalogue prices: a
 * feature here would make catalogue → wishlist → catalogue, which features/feature-graph.test.ts refuses.
 */
export { REMOVE_LABEL, SAVE_LABEL, WishlistButton } from '#web/components/wishlist-button.tsx';
export { useWishlist } from '#web/lib/wishlist/use-wishlist.ts';
