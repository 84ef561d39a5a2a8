import { createHmac, timingSafeEqual } from 'node:crypto';
import { SIGNED_LINK_TTL_MS } from '#shared/accounts.ts';

/**
 * Links to private KYC files, signed by the server (docs/product/roles-and-accounts.md): HMAC-SHA256 over the storage key and
 * the expiry time, keyed with APP_SECRET. Whoever holds the link may fetch that one file until it
 * expires (≤ 15 minutes); changing the key, the expiry or the signature breaks it.
 */

/** The path of the GET route that streams a signed file. */
export const SIGNED_FILE_PATH = '/api/upload/verification-docs/file';

const PURPOSE = 'haat:kyc-document:v1';

function mac(secret: string, key: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}\n${key}\n${expires}`).digest();
}

export type SignedLink = { key: string; expires: number; signature: string; expiresAt: Date };

/** Sign `key` for `ttlMs` from `now`. `expires` is in whole seconds since the epoch. */
export function signLink(
  secret: string,
  key: string,
  now = Date.now(),
  ttlMs = SIGNED_LINK_TTL_MS,
): SignedLink {
  const expires = Math.floor((now + ttlMs) / 1000);
  return {
    key,
    expires,
    signature: mac(secret, key, expires).toString('hex'),
    expiresAt: new Date(expires * 1000),
  };
}

/** The query string of a signed link. */
export const linkQuery = (link: SignedLink): string =>
  new URLSearchParams({ key: link.key, expires: String(link.expires), signature: link.signature }).toString();

/**
 * Whether a presented link is genuine and still valid. Malformed parts, a wrong signature (compared in
 * constant time), an expired link, or one claiming to last longer than links are ever made for: false.
 */
export function verifyLink(
  secret: string,
  presented: { key: string; expires: string; signature: string },
  now = Date.now(),
): boolean {
  if (!/^\d{1,12}$/.test(presented.expires) || !/^[0-9a-f]{64}$/.test(presented.signature)) return false;
  const expires = Number(presented.expires);
  const expected = mac(secret, presented.key, expires);
  const given = Buffer.from(presented.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const expiresMs = expires * 1000;
  return expiresMs > now && expiresMs <= now + SIGNED_LINK_TTL_MS + 1000;
}
