import { WISHLIST_MERGE_MAX } from '#shared/wishlist.ts';

/**
 * A guest's wishlist, kept in this browser until sign-in hands it to the account
 * (docs/decisions/0104-wishlist.md): product ids, newest saved first, at most WISHLIST_MERGE_MAX (one merge
 * request's worth; saving one more forgets the oldest). Pure functions; the store is guest-store.ts.
 */
export const WISHLIST_KEY = 'wishlist';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Stored data may be old or edited by hand: keep the well-formed ids, each once, in order. */
export function parseGuestList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids = value.filter((v): v is string => typeof v === 'string' && UUID.test(v));
  return [...new Set(ids.map((id) => id.toLowerCase()))].slice(0, WISHLIST_MERGE_MAX);
}

/** Save `id` as the newest; saved already, it moves to the front. The oldest falls off a full list. */
export function withSaved(list: readonly string[], id: string): string[] {
  const key = id.toLowerCase();
  return [key, ...list.filter((x) => x !== key)].slice(0, WISHLIST_MERGE_MAX);
}

export function withoutSaved(list: readonly string[], id: string): string[] {
  const key = id.toLowerCase();
  return list.filter((x) => x !== key);
}
