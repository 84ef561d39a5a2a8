/**
 * Wishlist limits (docs/decisions/0104-wishlist.md), zod-free so the browser's first page can use them
 * (the guest list is kept by the header's code). The wire schemas are in schemas/wishlist.ts.
 */

/** The most products one account keeps saved; saving one more answers 409 `wishlist_full`. */
export const WISHLIST_MAX = 500;

/**
 * The most ids one merge request carries, and so the most products a browser keeps for a guest: saving
 * one more as a guest forgets the oldest.
 */
export const WISHLIST_MERGE_MAX = 200;
