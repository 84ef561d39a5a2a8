import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { discountedUnitPrice } from '#shared/discounts.ts';
import { formatMoney, INR, parseMoney, sumMoney } from '#shared/money.ts';
import { cartPercentOff } from '#shared/pricing.ts';
import type { Product, ProductDiscount, ProductList } from '#shared/schemas/product.ts';
import { baseURL, openPage, reportPagesOnFailure, screenshot, untilHydrated } from './support.ts';

/**
 * The storefront in a real browser, as a shopper in India (en-IN, so prices show in rupees whatever the
 * display-currency rules pick for other locales): home → page 2 → search → product → lightbox → cart with
 * a discounted product and a coupon → checkout sign-in; a buyer's review; category and shop pages; every
 * page at 1280 px and 360 px with screenshots (tests/e2e/support.ts says where they go).
 */

const api = async <T>(p: string): Promise<T> => {
  const res = await fetch(`${baseURL}${p}`);
  if (!res.ok) throw new Error(`${p}: ${String(res.status)}`);
  return (await res.json()) as T;
};

// When a test fails, each page it opened is reported (URL, main text, screenshot).
const openPages = reportPagesOnFailure('storefront');

/** A page in a fresh context with an Indian locale, in the harness's browser. */
async function shopperPage(width: number, height = 900): Promise<Page> {
  const seed = await openPage({ width, height });
  const browser = seed.context().browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  const page = untilHydrated(await context.newPage());
  openPages.push(page);
  return page;
}

/**
 * Before a full-page screenshot: load the lazy images too (those below the fold and those scrolled out of
 * sight sideways in the Top Rated strip), then wait until every image has finished.
 */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    for (const img of Array.from(document.querySelectorAll('img[loading="lazy"]'))) {
      (img as HTMLImageElement).loading = 'eager';
    }
  });
  try {
    await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete));
  } catch (error) {
    const pending = await page.evaluate(() =>
      Array.from(document.images)
        .filter((img) => !img.complete)
        .map((img) => img.src),
    );
    throw new Error(`images still loading on ${page.url()}: ${pending.join(', ')}`, { cause: error });
  }
  await page.waitForLoadState('networkidle');
}

/** Nothing sticks out sideways (the 360 px check). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A screenshot of what is on screen (for overlays such as the lightbox, which cover the viewport only). */
async function viewportShot(page: Page, name: string) {
  await screenshot(page, name, { fullPage: false });
}

async function openNavbar(page: Page) {
  const toggler = page.getByRole('button', { name: 'Toggle navigation' });
  if (await toggler.isVisible()) {
    await toggler.click();
    await page.locator('#main-nav.show').waitFor();
  }
}

const inr = (minor: number) => formatMoney(minor, INR);

/** The seeded products the flow uses, found through the API rather than hard-coded. */
async function demoCatalogue() {
  const welcome = await api<ProductDiscount[]>('/api/product-discounts/coupon/WELCOME10');
  const couponDiscount = welcome[0];
  if (!couponDiscount) throw new Error('WELCOME10 discounts nothing');
  const couponProduct = await api<Product>(`/api/products/${couponDiscount.product_id}`);

  const discounts = await api<ProductDiscount[]>('/api/product-discounts');
  let openDiscount: ProductDiscount | undefined;
  let openProduct: Product | undefined;
  for (const d of discounts.filter((x) => !x.requires_coupon && x.discount_unit === 'percentage')) {
    const p = await api<Product>(`/api/products/${d.product_id}`);
    // Two units of whichever variant the page offers first: every variant in stock holds at least 2.
    const enough = p.variants.every((v) => v.countInStock === 0 || v.countInStock >= 2);
    if (p.countInStock >= 2 && enough && p._id !== couponProduct._id) {
      openDiscount = d;
      openProduct = p;
      break;
    }
  }
  if (!openDiscount || !openProduct) throw new Error('no open percentage discount on a product in stock');
  return { couponDiscount, couponProduct, openDiscount, openProduct };
}

/**
 * Adds the product open on the page to the cart: picks the first size (and colour) that can be chosen
 * if it has sizes (radios drawn as their labels), then the quantity.
 */
async function addToCart(page: Page, qty: number) {
  for (const group of ['Size', 'Colour']) {
    const options = page.getByRole('group', { name: new RegExp(`^${group}`) });
    if ((await options.count()) === 0) continue;
    const id = await options.getByRole('radio', { disabled: false }).first().getAttribute('id');
    await page.locator(`label[for="${id ?? ''}"]`).click();
  }
  await page.getByLabel('Quantity', { exact: true }).fill(String(qty));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL((url) => url.pathname === '/cart');
}

/**
 * Open a storefront page rendered in the browser alone (the plain index.html, as for a page the server
 * does not render, docs/decisions/0126-server-rendering.md), so the browser makes the page's API calls
 * itself and the test can make them fail.
 */
async function gotoRenderedInBrowser(page: Page, path: string) {
  const shell = await (await fetch(`${baseURL}/cart`)).text();
  await page.route(`**${path}`, (route) =>
    route.request().resourceType() === 'document'
      ? route.fulfill({ status: 200, contentType: 'text/html', body: shell })
      : route.fallback(),
  );
  await page.goto(path);
}

describe('storefront in the browser', () => {
  it('takes a guest from home to checkout: paging, search, product, lightbox, cart and coupon', async () => {
    const { couponDiscount, couponProduct, openDiscount, openProduct } = await demoCatalogue();
    const page = await shopperPage(1280);

    // Home: banner, Top Rated, Latest Products, pagination.
    await page.goto('/');
    await page.getByRole('heading', { name: 'Latest Products' }).waitFor();
    await page.getByRole('heading', { name: 'Top Rated' }).waitFor();
    await page.getByRole('button', { name: 'Pause slideshow' }).waitFor();
    await page.getByRole('list', { name: 'Latest Products' }).getByRole('link').first().waitFor();
    const firstPage = await page
      .getByRole('list', { name: 'Latest Products' })
      .getByRole('link')
      .allTextContents();
    expect(firstPage).toHaveLength(12);
    await settle(page);
    await screenshot(page, 'home');
    await screenshot(page, 'storefront-home-desktop');

    // Page 2: other products, no banner.
    await page
      .getByRole('navigation', { name: 'Product pages' })
      .getByRole('link', { name: 'Page 2' })
      .click();
    await page.waitForURL('**/page/2');
    await page.getByRole('link', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
    // The previous page stays on screen (aria-busy) until page 2 arrives.
    await page.locator('[aria-busy="false"]').getByRole('list', { name: 'Latest Products' }).waitFor();
    const secondPage = await page
      .getByRole('list', { name: 'Latest Products' })
      .getByRole('link')
      .allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);

    // Search from the header.
    await page.getByRole('searchbox', { name: 'Search products' }).fill('kurta');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/search/kurta');
    await page.getByRole('heading', { name: 'Search results for “kurta”' }).waitFor();
    await page.getByRole('link', { name: '‹ Go Back' }).waitFor();
    expect(await page.getByRole('button', { name: 'Pause slideshow' }).count()).toBe(0);
    const results = page.getByRole('list', { name: 'Search results for “kurta”' });
    // Search results are their own page: the results arrive after the heading (no list is carried over).
    await results.getByRole('link').first().waitFor();
    expect(await results.getByRole('link').count()).toBeGreaterThan(0);
    await settle(page);
    await screenshot(page, 'storefront-search-desktop');

    // A search that finds nothing says so.
    await page.goto('/search/zzqxnothing');
    await page.getByText('No products found').waitFor();

    // The coupon product is a kurta: open it from the results.
    await page.goto('/search/kurta');
    await results.getByRole('link', { name: couponProduct.name }).click();
    await page.waitForURL(`**/product/${couponProduct._id}`);
    await page.getByRole('heading', { level: 1, name: couponProduct.name }).waitFor();
    await expect(page.title()).resolves.toBe(`${couponProduct.name} · Haat`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await breadcrumb.getByRole('link', { name: couponProduct.category.category }).waitFor();
    expect(await page.getByText('In Stock', { exact: true }).count()).toBe(1);
    await page.getByText('A coupon code gives a discount on this product').waitFor();
    // Head tags and structured data, hoisted by React.
    const ogTitle = await page.locator('head meta[property="og:title"]').getAttribute('content');
    expect(ogTitle).toBe(couponProduct.name);
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as {
      '@type': string;
      offers: { price: string };
    };
    expect(ld['@type']).toBe('Product');
    expect(ld.offers.price).toBe(couponProduct.price.toFixed(2));
    await settle(page);
    await screenshot(page, 'storefront-product-desktop');

    // Full-screen lightbox, closed with Escape.
    await page
      .getByRole('button', { name: /full screen/ })
      .first()
      .click();
    const lightbox = page.getByRole('dialog', { name: 'Product pictures' });
    await lightbox.waitFor();
    await page.waitForFunction(() =>
      Array.from(document.querySelectorAll('.yarl__slide_image')).some(
        (i) => (i as HTMLImageElement).complete,
      ),
    );
    await page.waitForTimeout(600); // the 500 ms opening transition
    await viewportShot(page, 'storefront-lightbox-desktop');
    await page.keyboard.press('Escape');
    await lightbox.waitFor({ state: 'detached' });

    // Add it (1), then an open-discount product (2).
    await addToCart(page, 1);
    await page.goto(`/product/${openProduct._id}`);
    await page.getByRole('heading', { level: 1, name: openProduct.name }).waitFor();
    await addToCart(page, 2);

    // Cart: both lines; subtotal and discount as the shared pricing rules make them.
    const summary = page.getByRole('region', { name: /Subtotal/ });
    await summary.getByRole('heading', { name: 'Subtotal (3 items)' }).waitFor();
    const now = Date.now();
    const couponMinor = parseMoney(couponProduct.price);
    const openMinor = parseMoney(openProduct.price);
    const openUnit = discountedUnitPrice(openMinor, openDiscount, { now }).unitPrice;
    const original = couponMinor + 2 * openMinor;
    let subtotal = couponMinor + 2 * openUnit;
    await summary.getByText(inr(subtotal), { exact: true }).waitFor();
    await summary
      .getByText(`−${inr(original - subtotal)} (${String(cartPercentOff(original, subtotal))}% off)`)
      .waitFor();
    await page.getByRole('link', { name: couponProduct.name }).waitFor();
    await page.getByRole('link', { name: openProduct.name }).waitFor();

    // A wrong code, then WELCOME10.
    await page.getByLabel('Coupon code').fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Invalid coupon code').waitFor();
    await page.getByLabel('Coupon code').fill('welcome10');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(`applied to ${couponProduct.name}`).waitFor();
    const couponUnit = discountedUnitPrice(couponMinor, couponDiscount, {
      now,
      couponCodes: ['WELCOME10'],
    }).unitPrice;
    expect(couponUnit).toBeLessThan(couponMinor);
    subtotal = sumMoney([couponUnit, 2 * openUnit]);
    await summary.getByText(inr(subtotal), { exact: true }).waitFor();
    await summary
      .getByText(`−${inr(original - subtotal)} (${String(cartPercentOff(original, subtotal))}% off)`)
      .waitFor();
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('couponCodes'))) ?? '[]')).toEqual([
      'welcome10',
    ]);
    await settle(page);
    await screenshot(page, 'storefront-cart-desktop');

    // The cart survives a reload, coupon included.
    await page.reload();
    await summary.getByText(inr(subtotal), { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.search === '?redirect=shipping');
  });

  it('re-prices a stored cart: a changed price is taken, a quantity above stock is cut, a gone product is flagged', async () => {
    const list = await api<ProductList>('/api/products?pageNumber=1');
    // One-size: a stored line names no size, so it stands for the product's only variant.
    const product = list.products.find(
      (p) => p.variants.length === 1 && p.countInStock > 0 && p.countInStock < 100,
    );
    if (!product) throw new Error('no product in stock');
    const page = await shopperPage(1280);
    await page.addInitScript(
      ({ p }) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem(
          'cartItems',
          JSON.stringify([
            { ...p, price: p.price + 100, qty: p.countInStock + 5 },
            {
              product: '00000000-0000-4000-8000-000000000000',
              name: 'A product that is gone',
              image: '',
              price: 100,
              currency: 'INR',
              countInStock: 3,
              categoryId: 'x',
              qty: 1,
            },
          ]),
        );
      },
      {
        p: {
          product: product._id,
          name: product.name,
          image: product.image[0] ?? '',
          price: product.price,
          currency: product.currency,
          countInStock: product.countInStock,
          categoryId: product.categoryId,
        },
      },
    );
    await page.goto('/cart');
    await page.getByText('Your cart was updated from the shop').waitFor();
    await page
      .getByText(
        `the quantity was reduced from ${String(product.countInStock + 5)} to ${String(product.countInStock)}`,
      )
      .waitFor();
    await page.getByText(`The price of ${product.name} changed`).waitFor();
    await page.getByText('No longer available').waitFor();
    expect(await page.getByRole('button', { name: 'Proceed To Checkout' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove A product that is gone' }).click();
    expect(await page.getByRole('button', { name: 'Proceed To Checkout' }).isDisabled()).toBe(false);
    await page.getByRole('button', { name: `Remove ${product.name}` }).click();
    await page.getByText('Your Cart is empty').waitFor();
    await page.getByRole('link', { name: 'Go Back' }).waitFor();
  });

  it('lets a buyer post a review and shows it with the new average', async () => {
    const login = await fetch(`${baseURL}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'buyer@haat.test', password: 'Demo@12345' }),
    });
    const buyer = (await login.json()) as { name: string };

    // A product others reviewed and this buyer did not.
    const list = await api<ProductList>('/api/products?pageNumber=1');
    const top = await api<Product[]>('/api/products/top');
    let target: Product | undefined;
    for (const candidate of [...top, ...list.products]) {
      const p = await api<Product>(`/api/products/${candidate._id}`);
      if (p.numReviews > 0 && !p.reviews.some((r) => r.name === buyer.name)) {
        target = p;
        break;
      }
    }
    if (!target) throw new Error('no product to review');

    const page = await shopperPage(1280);
    await page.goto(`/product/${target._id}`);
    await page.getByRole('heading', { level: 1, name: target.name }).waitFor();
    await page.getByText('to write a review').getByRole('link', { name: 'sign in' }).click();
    await page.waitForURL(`**/login?redirect=product/${target._id}`);
    await page.getByLabel('Email Address').fill('buyer@haat.test');
    await page.getByLabel('Password').fill('Demo@12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**/product/${target._id}`);

    const form = page.getByRole('form', { name: 'Write a customer review' });
    await form.getByRole('button', { name: 'Submit' }).click();
    await form.getByText('Please choose a rating from 1 to 5').waitFor();
    const mine = 2;
    await form.getByLabel('Rating').selectOption('2');
    const comment = `Colour ran in the first wash (${Date.now().toString(36)}).`;
    await form.getByLabel('Comment').fill(comment);
    await form.getByRole('button', { name: 'Submit' }).click();

    await page.getByRole('region', { name: 'Reviews' }).getByText(comment).waitFor();
    const after = await api<Product>(`/api/products/${target._id}`);
    expect(after.numReviews).toBe(target.numReviews + 1);
    expect(after.rating).toBeCloseTo((target.rating * target.numReviews + mine) / (target.numReviews + 1), 1);
    const shown = Math.round(after.rating * 10) / 10;
    await page
      .getByRole('link', { name: `Rated ${String(shown)} out of 5 ${String(after.numReviews)} reviews` })
      .waitFor();
    await settle(page);
    await screenshot(page, 'storefront-product-review-desktop');

    await page.getByText('Review added. Thank you for your review!').waitFor();
    expect(await form.count()).toBe(0);

    // One review per person: on the next visit the form is "Edit your review" (docs/decisions/0105-reviews.md).
    await page.reload();
    await page.getByRole('button', { name: 'Edit your review' }).waitFor();
    expect(await form.count()).toBe(0);
  });

  it('browses categories from the header, breadcrumbs and a shop page', async () => {
    const page = await shopperPage(1280);
    await page.goto('/');
    await page.getByRole('button', { name: 'Categories' }).click();
    await page.getByRole('link', { name: 'Women Clothes' }).click();
    // A sub-category link carries its whole path, so it lists only that branch.
    await page.waitForURL(/\/categories\/fashion-%26-accessories\/women-clothes$/);
    await page.getByRole('heading', { level: 1, name: 'Women Clothes' }).waitFor();
    const grid = page.getByRole('list', { name: 'Products in Women Clothes' });
    await grid.getByRole('link').first().waitFor();
    await settle(page);
    await screenshot(page, 'storefront-category-desktop');

    // A product's breadcrumb leads to its categories.
    const first = await grid.getByRole('link').first().textContent();
    await grid.getByRole('link', { name: first ?? '' }).click();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Women Clothes' }).click();
    await page.waitForURL(/\/categories\/fashion-%26-accessories\/women-clothes$/);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Fashion & Accessories' })
      .waitFor();
    await page.getByRole('heading', { level: 1, name: 'Women Clothes' }).waitFor();

    // An unknown category has nothing to show.
    await page.goto('/categories/no-such-category');
    await page.getByText('No products found in this category').waitFor();

    // The whole path counts: Men Clothes › Ethnic Wear lists men's kurtas, not the women's sarees that sit
    // under Women Clothes › Ethnic Wear.
    await page.goto('/categories/fashion-%26-accessories/men-clothes/ethnic-wear');
    await page.getByRole('heading', { level: 1, name: 'Ethnic Wear' }).waitFor();
    await page.getByText('Jaipur Block Print Cotton Kurta').first().waitFor();
    expect(await page.getByText('Kanchipuram Pure Silk Saree').count()).toBe(0);
    await page.goto('/categories/men-clothes/ethnic-wear');
    await page.getByText('Jaipur Block Print Cotton Kurta').first().waitFor();
    expect(await page.getByText('Kanchipuram Pure Silk Saree').count()).toBe(0);

    // A page past the end (an old link) shows the last page, not "Page 99 of 7".
    const { pages } = await api<ProductList>('/api/products?pageNumber=1');
    await page.goto('/page/99');
    await page.waitForURL((url) => url.pathname === (pages > 1 ? `/page/${String(pages)}` : '/'));
    await page
      .getByRole('link', { name: `Page ${String(pages)}` })
      .first()
      .waitFor();

    // Failing calls say which step failed (docs/product/messages.md), in red.
    await page.route('**/api/category/men-bags', (route) => route.fulfill({ status: 500, body: '{}' }));
    await gotoRenderedInBrowser(page, '/categories/men-bags');
    await page.getByRole('alert').getByText('Error fetching category IDs').waitFor();
    await page.route('**/api/products/category?*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await gotoRenderedInBrowser(page, '/categories/men-shoes');
    await page.getByRole('alert').getByText('Error fetching products').waitFor();
    await page.unrouteAll();

    // The seller link on a product page opens the shop.
    const kurta = (await api<ProductList>('/api/products?keyword=kurta&pageNumber=1')).products.find(
      (p) => p.shop?.shopName === 'Kavya Textiles',
    );
    if (!kurta) throw new Error('no Kavya Textiles kurta');
    // The seller's name comes from GET /api/users/public/:id; when that fails: 'Seller name'.
    await page.route('**/api/users/public/*', (route) => route.fulfill({ status: 500, body: '{}' }));
    await gotoRenderedInBrowser(page, `/product/${kurta._id}`);
    await page.getByRole('link', { name: 'Seller name' }).waitFor();
    await page.unrouteAll();
    await page.goto(`/product/${kurta._id}`);
    await page.getByRole('link', { name: kurta.user.name }).click();
    await page.waitForURL('**/shop/Kavya-Textiles');
    await page.getByRole('heading', { level: 1, name: 'Kavya Textiles' }).waitFor();
    await page.getByRole('heading', { name: `Products by ${kurta.user.name}` }).waitFor();
    await page
      .getByRole('list', { name: `Products by ${kurta.user.name}` })
      .getByRole('link')
      .first()
      .waitFor();
    await settle(page);
    await screenshot(page, 'storefront-shop-desktop');

    await page.goto('/shop/No-Such-Shop');
    await page.getByRole('alert').waitFor();
  });

  it('works at 360 px: every storefront page, the category menu and the lightbox', async () => {
    const { couponProduct, openProduct } = await demoCatalogue();
    const page = await shopperPage(360, 780);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Latest Products' }).waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'storefront-home-mobile');

    await openNavbar(page);
    await page.getByRole('button', { name: 'Categories' }).click();
    const menClothes = page.getByRole('link', { name: 'Men Clothes', exact: true });
    await menClothes.waitFor();
    await expectNoSidewaysScroll(page);
    await viewportShot(page, 'storefront-category-menu-mobile');
    await menClothes.click();
    await page.waitForURL(/\/categories\/fashion-%26-accessories\/men-clothes$/);
    await page.getByRole('heading', { level: 1, name: 'Men Clothes' }).waitFor();
    await page.getByRole('list', { name: 'Products in Men Clothes' }).getByRole('link').first().waitFor();
    // The menu link keeps to the Men Clothes branch: no women's saree.
    expect(await page.getByText('Kanchipuram Pure Silk Saree').count()).toBe(0);
    await settle(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'storefront-category-mobile');

    await page.goto('/search/kurta');
    await page.getByRole('heading', { name: 'Search results for “kurta”' }).waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'storefront-search-mobile');

    await page.goto('/shop/Meera-Handlooms');
    await page.getByRole('heading', { level: 1, name: 'Meera Handlooms' }).waitFor();
    await page.getByRole('heading', { name: /^Products by / }).waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'storefront-shop-mobile');

    await page.goto(`/product/${couponProduct._id}`);
    await page.getByRole('heading', { level: 1, name: couponProduct.name }).waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'storefront-product-mobile');

    await page
      .getByRole('button', { name: /full screen/ })
      .first()
      .click();
    await page.getByRole('dialog', { name: 'Product pictures' }).waitFor();
    await page.waitForTimeout(600);
    await viewportShot(page, 'storefront-lightbox-mobile');
    await page.keyboard.press('Escape');

    await addToCart(page, 1);
    await page.goto(`/cart/${openProduct._id}?qty=2`);
    if (openProduct.variants.length > 1) {
      // A link names no size: the shopper is sent to choose one (docs/decisions/0102-product-variants.md).
      await page.getByText(/comes in several sizes or colours/).waitFor();
      await page.getByRole('link', { name: 'Choose a size' }).click();
      await page.getByRole('heading', { level: 1, name: openProduct.name }).waitFor();
      await addToCart(page, 2);
    }
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.getByRole('heading', { name: 'Subtotal (3 items)' }).waitFor();
    await settle(page);
    await expectNoSidewaysScroll(page);
    await screenshot(page, 'storefront-cart-mobile');
  });
});
