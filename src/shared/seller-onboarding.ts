/**
 * Seller onboarding rules (docs/decisions/0134-seller-onboarding-and-narrow-tables.md): when two shop names
 * would share one /shop/<name> link, and which first steps an activated seller has done.
 */

/**
 * What a shop name's link resolves by: the server reads a /shop/<name> segment with hyphens as spaces,
 * case-insensitively, and the web writes runs of spaces as one hyphen. Two names with the same key would
 * share one link, so a shop name is taken when its key is. ('Kiran Weaves', 'kiran-weaves' and
 * 'KIRAN  WEAVES' all give 'kiran weaves'.)
 */
export function shopLinkKey(shopName: string): string {
  return shopName.replace(/-/g, ' ').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** A shop name as stored: trimmed, runs of white space as one space, so its link reads back to it. */
export function tidyShopName(shopName: string): string {
  return shopName.trim().replace(/\s+/g, ' ');
}

/** How long a seller review usually takes, as the review screen and the sign-up page say. */
export const SELLER_REVIEW_TIME = '3–5 working days';
/**
 * Whom a seller under review writes to. The demo's address: an operator running Haat changes it here
 * (ADR 0134 leaves a configurable one for later).
 */
export const SELLER_SUPPORT_EMAIL = 'sellers@haat.test';

export const ONBOARDING_STEP_IDS = ['shopImages', 'payoutAccount', 'firstProduct'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEP_IDS)[number];

/** What the server knows about an activated seller, read from their own rows. */
export type OnboardingFacts = {
  shopPicture: string | null | undefined;
  shopBanner: string | null | undefined;
  bankAccount: string | null | undefined;
  /** Products the seller has created, active or not. */
  productCount: number;
};

export type OnboardingStep = {
  id: OnboardingStepId;
  label: string;
  /** What to do, in a sentence. */
  hint: string;
  /** Where to do it. */
  href: string;
  done: boolean;
};

const filled = (v: string | null | undefined) => typeof v === 'string' && v.trim() !== '';

/**
 * The first-steps checklist, in the order a seller does them: a shop picture and a banner (both), a
 * payout bank account, a first product. `allDone` hides the checklist.
 */
export function onboardingSteps(facts: OnboardingFacts): { steps: OnboardingStep[]; allDone: boolean } {
  const steps: OnboardingStep[] = [
    {
      id: 'shopImages',
      label: 'Add a shop picture and banner',
      hint: 'Shoppers see them on your shop page. Set both in Shop Settings on your profile.',
      href: '/profile',
      done: filled(facts.shopPicture) && filled(facts.shopBanner),
    },
    {
      id: 'payoutAccount',
      label: 'Add your payout bank account',
      hint: 'We pay your sales into it. Add it on your profile.',
      href: '/profile',
      done: filled(facts.bankAccount),
    },
    {
      id: 'firstProduct',
      label: 'List your first product',
      hint: 'Add a product with its sizes, price and pictures.',
      href: '/seller/productlist',
      done: facts.productCount > 0,
    },
  ];
  return { steps, allDone: steps.every((s) => s.done) };
}
