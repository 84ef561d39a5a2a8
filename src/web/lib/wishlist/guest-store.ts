import { useSyncExternalStore } from 'react';
import { readStored, removeStored, writeStored } from '#web/lib/local-storage.ts';
import { parseGuestList, WISHLIST_KEY, withoutSaved, withSaved } from './guest-list.ts';

/**
 * The guest wishlist in localStorage `wishlist`, shared by every heart on the page and kept in step with
 * other tabs (the `storage` event). Reads are cached, so React sees the same array until it changes.
 */
let cache: string[] | null = null;
const listeners = new Set<() => void>();
const EMPTY: string[] = [];

const emit = () => listeners.forEach((listener) => listener());

function onStorage(event: StorageEvent) {
  if (event.key !== WISHLIST_KEY && event.key !== null) return;
  cache = null;
  emit();
}

export function readGuestWishlist(): string[] {
  cache ??= readStored(WISHLIST_KEY, parseGuestList) ?? EMPTY;
  return cache;
}

function write(list: string[]) {
  cache = list;
  if (list.length > 0) writeStored(WISHLIST_KEY, list);
  else removeStored(WISHLIST_KEY);
  emit();
}

export const saveGuest = (id: string) => write(withSaved(readGuestWishlist(), id));
export const removeGuest = (id: string) => write(withoutSaved(readGuestWishlist(), id));
/** After the list went to the account (or when it should be forgotten). */
export const clearGuestWishlist = () => write(EMPTY);

function subscribe(listener: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The guest list, newest first; re-renders when it changes here or in another tab. */
export function useGuestWishlist(): string[] {
  return useSyncExternalStore(subscribe, readGuestWishlist, () => EMPTY);
}
