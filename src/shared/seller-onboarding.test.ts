import { describe, expect, it } from 'vitest';
import { onboardingSteps, shopLinkKey, tidyShopName } from './seller-onboarding.ts';

const none = { shopPicture: null, shopBanner: null, bankAccount: null, productCount: 0 };
const doneIds = (facts: Parameters<typeof onboardingSteps>[0]) =>
  onboardingSteps(facts)
    .steps.filter((s) => s.done)
    .map((s) => s.id);

describe('onboardingSteps', () => {
  it('a new seller has every step to do, in order', () => {
    const { steps, allDone } = onboardingSteps(none);
    expect(steps.map((s) => s.id)).toEqual(['shopImages', 'payoutAccount', 'firstProduct']);
    expect(steps.every((s) => !s.done)).toBe(true);
    expect(allDone).toBe(false);
  });

  it('shop images need both the picture and the banner', () => {
    expect(doneIds({ ...none, shopPicture: '/uploads/p.webp' })).toEqual([]);
    expect(doneIds({ ...none, shopBanner: '/uploads/b.webp' })).toEqual([]);
    expect(doneIds({ ...none, shopPicture: '/uploads/p.webp', shopBanner: '/uploads/b.webp' })).toEqual([
      'shopImages',
    ]);
  });

  it('a blank bank account is not a payout account', () => {
    expect(doneIds({ ...none, bankAccount: '  ' })).toEqual([]);
    expect(doneIds({ ...none, bankAccount: '50100234567891' })).toEqual(['payoutAccount']);
  });

  it('one product, active or not, ticks the first product', () => {
    expect(doneIds({ ...none, productCount: 1 })).toEqual(['firstProduct']);
  });

  it('all done when every step is', () => {
    expect(
      onboardingSteps({ shopPicture: '/p', shopBanner: '/b', bankAccount: '123', productCount: 3 }).allDone,
    ).toBe(true);
  });

  it('every step links somewhere in the app', () => {
    for (const s of onboardingSteps(none).steps) expect(s.href).toMatch(/^\/[a-z]/);
  });
});

describe('shopLinkKey', () => {
  it('names that share a /shop/ link share a key', () => {
    const key = shopLinkKey('Kiran Weaves');
    expect(shopLinkKey('kiran-weaves')).toBe(key);
    expect(shopLinkKey('  KIRAN   Weaves ')).toBe(key);
    expect(shopLinkKey('Kiran--Weaves')).toBe(key);
    expect(shopLinkKey('Kiran Weave')).not.toBe(key);
  });

  it('tidyShopName keeps case and collapses spaces', () => {
    expect(tidyShopName('  Kiran \t Weaves ')).toBe('Kiran Weaves');
  });
});
