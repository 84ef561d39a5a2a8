import { describe, expect, it } from 'vitest';
import type { Actor } from '#shared/permissions.ts';
import { landingAfterSignIn, PROFILE_REVIEW_PATH, safeRedirect } from './redirect.ts';

const origin = 'https://haat.test';

describe('safeRedirect', () => {
  it('follows relative paths, with or without the leading slash', () => {
    expect(safeRedirect('shipping', origin)).toBe('/shipping');
    expect(safeRedirect('/shipping', origin)).toBe('/shipping');
    expect(safeRedirect('/', origin)).toBe('/');
    expect(safeRedirect('order/42?tab=items#pay', origin)).toBe('/order/42?tab=items#pay');
  });

  it('goes home when there is nothing to follow', () => {
    expect(safeRedirect(null, origin)).toBe('/');
    expect(safeRedirect('', origin)).toBe('/');
    expect(safeRedirect('   ', origin)).toBe('/');
  });

  it('never leaves the site', () => {
    for (const bad of [
      '//evil.test',
      '/\\evil.test',
      '\\\\evil.test',
      'https://evil.test/x',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      `${origin}/profile`,
    ]) {
      expect(safeRedirect(bad, origin), bad).toBe('/');
    }
  });
});

describe('landingAfterSignIn', () => {
  const person = (roles: Actor['roles'], active: boolean): Actor => ({
    id: 'u1',
    name: 'Kavya',
    email: 'kavya@haat.test',
    roles,
    active,
  });

  it('sends a seller under review to the review screen, whatever the redirect', () => {
    expect(landingAfterSignIn(person(['Seller-Individual'], false), '/')).toBe(PROFILE_REVIEW_PATH);
    expect(landingAfterSignIn(person(['Seller-Individual'], false), '/seller/productlist')).toBe(
      PROFILE_REVIEW_PATH,
    );
  });

  it('sends everyone else where they were heading', () => {
    expect(landingAfterSignIn(person(['Seller-Company'], true), '/seller/productlist')).toBe(
      '/seller/productlist',
    );
    expect(landingAfterSignIn(person(['Buyer'], true), '/shipping')).toBe('/shipping');
    expect(landingAfterSignIn(person(['Buyer'], false), '/')).toBe('/');
  });
});
