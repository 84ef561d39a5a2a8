import { isSellerAccount, type Actor } from '#shared/permissions.ts';

/**
 * The `redirect` query value after sign-in or registration (docs/product/screens.md: `?redirect=shipping` → /shipping).
 * Only paths on this site are followed; anything else (another origin, `//host`, `javascript:`) goes home,
 * so a crafted link cannot send a person elsewhere after they sign in.
 */
export function safeRedirect(value: string | null | undefined, origin: string, fallback = '/'): string {
  if (!value) return fallback;
  const trimmed = value.trim();
  if (!trimmed) return fallback;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return fallback; // any scheme, even our own origin's
  const candidate = trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where a seller whose account is still being reviewed is told how long it takes. */
export const PROFILE_REVIEW_PATH = '/profile-review-screen';

/**
 * Where someone goes once signed in: a seller whose account is not active yet (under review) lands on the
 * review screen, whatever link brought them, since none of the seller pages is open to them yet; everyone
 * else goes where they were heading (`redirect`, already made safe).
 */
export function landingAfterSignIn(actor: Actor, redirect: string): string {
  return isSellerAccount(actor) && !actor.active ? PROFILE_REVIEW_PATH : redirect;
}
