/**
 * Browser storage that never throws: private modes and full quotas make `localStorage` fail, and stored
 * data may be stale or hand-edited, so reads go through a parser and a bad value reads as missing.
 * (Plain parsers rather than zod keep zod out of the first page's JavaScript.)
 */
export function readStored<T>(key: string, parse: (value: unknown) => T | null): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : parse(JSON.parse(raw));
  } catch {
    return null; // unreadable storage or malformed JSON
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: the app keeps working for this page's lifetime.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // As above.
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
