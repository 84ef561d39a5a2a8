import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Product, ProductList } from '#shared/schemas/product.ts';
import type { ReviewPage } from '#shared/schemas/review.ts';
import { openPage, reportPagesOnFailure, screenshot, apiCall, DEMO_PASSWORD, signInApi } from './support.ts';

/**
 * Reviews that help, in a real browser (docs/decisions/0105-reviews.md): the demo buyer, whose cash on
 * delivery order of a product was delivered, writes a review with a photo, sees it marked "Verified
 * purchase" with its thumbnail (which opens larger), and the form becomes "Edit your review". Screenshots
 * at 1280 and 360 px.
 */

const PASSWORD = DEMO_PASSWORD;
const BUYER = 'buyer@haat.test';
// When a test fails, each page it opened is reported (URL, main text, screenshot).
const openPages = reportPagesOnFailure('reviews');

const call = apiCall;

/** A product the buyer has not reviewed, that nobody reviewed yet (other tests pick reviewed ones). */
async function unreviewedProduct(buyerToken: string, buyerId: string): Promise<Product> {
  for (let page = 1; page <= 5; page++) {
    const list = await call<ProductList>('GET', `/api/products?pageNumber=${String(page)}`);
    for (const p of list.products) {
      if (p.numReviews > 0 || p.user._id === buyerId) continue;
      if (!p.variants.some((v) => v.countInStock > 0)) continue;
      const reviews = await call<ReviewPage>('GET', `/api/products/${p._id}/reviews`, buyerToken);
      if (!reviews.mine) return p;
    }
  }
  throw new Error('no unreviewed product in stock');
}

async function signIn(page: Page, redirect: string) {
  await page.goto(`/login?redirect=${redirect}`);
  await page.getByLabel('Email Address').fill(BUYER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function newPage(width: number, height: number) {
  const page = await openPage({ width, height });
  openPages.push(page);
  return page;
}

/** Wait for images to finish before a full-page screenshot. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // Images loaded lazily (below the fold) load only when scrolled to.
  await page.waitForFunction(() =>
    Array.from(document.images).every((img) => img.complete || img.loading === 'lazy'),
  );
}

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 60, b: 90 } } })
    .composite([
      {
        input: { create: { width: 640, height: 90, channels: 3, background: { r: 250, g: 220, b: 120 } } },
        top: 200,
        left: 0,
      },
    ])
    .jpeg()
    .toBuffer();

describe('reviews on the product page', () => {
  it('a buyer with a delivered order reviews with a photo, is verified, and can then only edit', async () => {
    const buyer = await signInApi(BUYER);
    const admin = await signInApi('admin@haat.test');
    const product = await unreviewedProduct(buyer.token, buyer._id);
    const variant = product.variants.find((v) => v.countInStock > 0);
    const order = await call<{ _id: string }>('POST', '/api/orders', buyer.token, {
      orderItems: [{ product: product._id, qty: 1, ...(variant ? { variant: variant._id } : {}) }],
      shippingAddress: {
        address: '221 FC Road',
        city: 'Pune',
        state: 'Maharashtra',
        postalCode: '411004',
        country: 'India',
      },
      paymentMethod: 'CashOnDelivery',
    });
    await call('PUT', `/api/orders/${order._id}/deliver`, admin.token);

    const page = await newPage(1280, 900);
    await signIn(page, `product/${product._id}`);
    await page.waitForURL(`**/product/${product._id}`);
    await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await reviews.getByText('No Reviews', { exact: true }).waitFor();

    const form = page.getByRole('form', { name: 'Write a customer review' });
    await form.getByLabel('Rating').selectOption('4');
    const comment = `Soft and true to size (${Date.now().toString(36)}).`;
    await form.getByLabel('Comment').fill(comment);
    await form.getByLabel('Add photos').setInputFiles({
      name: 'worn.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    await form.getByRole('img', { name: 'Photo 1' }).waitFor();
    await form.getByRole('button', { name: 'Submit' }).click();

    // The review is listed, verified, with its photo; the summary counts it.
    const mine = reviews.getByRole('listitem', { name: `Review by ${buyer.name}` });
    await mine.getByText(comment).waitFor();
    await mine.getByText('✓ Verified purchase').waitFor();
    await mine.getByRole('button', { name: `Open photo 1 of 1 by ${buyer.name}` }).waitFor();
    await reviews.getByText('4 out of 5 from 1 review').waitFor({ state: 'attached' });
    await reviews.getByText('4 stars: 1 review (100%)').waitFor({ state: 'attached' });

    // The form has become the buyer's own review with "Edit your review".
    await page.getByText('Review added. Thank you for your review!').waitFor();
    await page.getByRole('heading', { name: 'Your Review' }).waitFor();
    await page.getByRole('button', { name: 'Edit your review' }).waitFor();
    expect(await form.count()).toBe(0);
    const api = await call<Product>('GET', `/api/products/${product._id}`);
    expect(api.ratingCounts).toEqual({ '1': 0, '2': 0, '3': 0, '4': 1, '5': 0 });
    expect(api.reviews[0]).toMatchObject({ comment, verifiedPurchase: true });
    expect(api.reviews[0]?.images).toHaveLength(1);

    await page.locator('#reviews').scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, 'reviews-verified-desktop');

    // The thumbnail opens the photo larger.
    await mine.getByRole('button', { name: `Open photo 1 of 1 by ${buyer.name}` }).click();
    const lightbox = page.getByRole('dialog', { name: 'Review photos' });
    await lightbox.waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.yarl__slide_image')).every(
        (img) => (img as HTMLImageElement).complete,
      ),
    );
    await page.waitForTimeout(600); // the opening transition
    await screenshot(page, 'reviews-photo-open-desktop', { fullPage: false });
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });

    // Editing: the form comes back filled in, with the photo.
    await page.getByRole('button', { name: 'Edit your review' }).click();
    const edit = page.getByRole('form', { name: 'Edit your review' });
    expect(await edit.getByLabel('Comment').inputValue()).toBe(comment);
    await edit.getByRole('img', { name: 'Photo 1' }).waitFor();
    await edit.getByLabel('Rating').selectOption('5');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your review was updated.').waitFor();
    await mine.getByText('(edited)').waitFor();
    await reviews.getByText('5 out of 5 from 1 review').waitFor({ state: 'attached' });

    // On a phone: the summary, the verified review with its photo, "Edit your review".
    const phone = await newPage(360, 780);
    await signIn(phone, `product/${product._id}`);
    await phone.waitForURL(`**/product/${product._id}`);
    await phone.getByRole('button', { name: 'Edit your review' }).waitFor();
    await phone.locator('#reviews').scrollIntoViewIfNeeded();
    await settle(phone);
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'reviews-verified-mobile');
    await phone.getByRole('button', { name: 'Edit your review' }).click();
    await phone.getByRole('form', { name: 'Edit your review' }).scrollIntoViewIfNeeded();
    await screenshot(phone, 'reviews-edit-mobile');

    // Admin: votes it helpful, hides it with a reason (gone from the summary), then shows it again.
    const office = await newPage(1280, 900);
    await office.goto('/login');
    await office.getByLabel('Email Address').fill('admin@haat.test');
    await office.getByLabel('Password').fill(PASSWORD);
    await office.getByRole('button', { name: 'Sign In' }).click();
    await office.waitForURL((url) => !url.pathname.startsWith('/login'));
    await office.goto(`/product/${product._id}#reviews`);
    const list = office.getByRole('region', { name: 'Reviews' });
    const item = list.getByRole('listitem', { name: `Review by ${buyer.name}` });
    const helpful = item.getByRole('button', { name: /Helpful/ });
    await helpful.click();
    await item.getByRole('button', { name: /Helpful 1/ }).waitFor();
    expect(await helpful.getAttribute('aria-pressed')).toBe('true');
    await item.scrollIntoViewIfNeeded();
    await screenshot(office, 'reviews-helpful-admin-desktop', { fullPage: false });

    await item.getByRole('button', { name: 'Hide…' }).click();
    const hideForm = item.getByRole('form', { name: `Hide the review by ${buyer.name}` });
    await hideForm.getByRole('button', { name: 'Hide review' }).click();
    await hideForm.getByText('Please give a reason for hiding the review').waitFor();
    await hideForm.getByLabel(/Why hide it/).fill('Shows a phone number');
    await hideForm.getByRole('button', { name: 'Hide review' }).click();
    await item.getByText('Reason: Shows a phone number', { exact: false }).waitFor();
    await list.getByText('5 out of 5 from 1 review').waitFor({ state: 'detached' });
    expect((await call<Product>('GET', `/api/products/${product._id}`)).numReviews).toBe(0);
    await office.locator('#reviews').scrollIntoViewIfNeeded();
    await settle(office);
    await screenshot(office, 'reviews-admin-hidden-desktop');
    await item.getByRole('button', { name: 'Show again' }).click();
    await list.getByText('5 out of 5 from 1 review').waitFor({ state: 'attached' });
    expect((await call<Product>('GET', `/api/products/${product._id}`)).numReviews).toBe(1);
  });
});
