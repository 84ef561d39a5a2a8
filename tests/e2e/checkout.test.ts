import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Product, ProductList } from '../../src/shared/schemas/product.ts';
import { baseURL, openPage, screenshot } from './support.ts';

/**
 * Checkout and the order screens in a real browser (issue 5 "Done when"): a buyer with two sellers' items
 * checks out with a separate billing address and cash on delivery, lands on the order page ('Not Paid',
 * 'Not Delivered'); the distributor marks it delivered and paid; the buyer sees it in My Purchases; each
 * seller sees only their own line. Screenshots at 1280 and 360 px (see support.ts).
 */

const PASSWORD = 'Demo@12345';

type CartLine = {
  product: string;
  name: string;
  image: string;
  price: number;
  currency: string;
  countInStock: number;
  categoryId: string;
  qty: number;
  size?: string;
};

async function shopProducts(shop: string): Promise<Product[]> {
  const res = await fetch(`${baseURL}/api/shops/products/${encodeURIComponent(shop)}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as ProductList).products;
}

/** A product of the shop with stock to spare, preferring one without sizes. */
async function pickProduct(shop: string, skip: string[] = []): Promise<Product> {
  const products = (await shopProducts(shop)).filter((p) => p.countInStock >= 5 && !skip.includes(p._id));
  const unsized = products.find((p) => p.sizes.length === 0 || p.sizes.every((s) => s === 'N/A'));
  const product = unsized ?? products[0];
  if (!product) throw new Error(`no product with stock in ${shop}`);
  return product;
}

function cartLine(product: Product, qty: number): CartLine {
  const line: CartLine = {
    product: product._id,
    name: product.name,
    image: product.image[0] ?? '',
    price: product.price,
    currency: product.currency,
    countInStock: product.countInStock,
    categoryId: product.categoryId,
    qty,
  };
  const size = product.sizes.find((s) => s !== 'N/A');
  if (size) line.size = size;
  return line;
}

/** The cart as the storefront keeps it (localStorage `cartItems`), with no checkout steps saved yet. */
async function fillCart(page: Page, lines: CartLine[]) {
  await page.goto('/help');
  await page.evaluate((items) => {
    localStorage.setItem('cartItems', JSON.stringify(items));
    for (const key of ['shippingAddress', 'billingAddress', 'paymentMethod', 'couponCodes']) {
      localStorage.removeItem(key);
    }
  }, lines);
}

/**
 * The product page's purchase panel: a size when the product has sizes (the first in stock; its button
 * is a radio drawn as its label), the quantity, Add to Cart → /cart.
 */
async function addToCart(page: Page, product: Product, qty: number) {
  await page.goto(`/product/${product._id}`);
  const panel = page.getByRole('form', { name: 'Buy this product' });
  const size = product.variants.find((v) => v.size !== 'N/A' && v.countInStock >= qty)?.size;
  if (size) {
    const radio = panel
      .getByRole('group', { name: /^Size/ })
      .getByRole('radio', { name: new RegExp(`^${size}\\b`) });
    await panel.locator(`label[for="${(await radio.getAttribute('id')) ?? ''}"]`).click();
  }
  await panel.getByLabel('Quantity', { exact: true }).fill(String(qty));
  await panel.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL('**/cart');
  await page.getByRole('link', { name: product.name }).first().waitFor();
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signInAt(page: Page, path: string, email: string) {
  await page.goto(path);
  await page.waitForURL(/\/login\?redirect=/);
  await signIn(page, email);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
}

/** Wait for an option to load into a picker, then choose it. */
async function choose(select: Locator, option: string) {
  await select.locator('option', { hasText: option }).first().waitFor({ state: 'attached' });
  await select.selectOption(option);
}

/** At phone width nothing may widen the page (tables scroll inside their own box). */
async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

const stepBar = (page: Page) => page.getByRole('navigation', { name: 'Checkout steps' });

/** The page is not scrolled and `target` lies wholly inside the viewport: seen without scrolling. */
async function expectOnScreen(page: Page, target: Locator) {
  await target.waitFor();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The box is read again if the element was being re-rendered at that moment (null for an instant).
  let box = await target.boundingBox();
  for (let tries = 0; !box && tries < 20; tries++) {
    await page.waitForTimeout(100);
    await target.waitFor();
    box = await target.boundingBox();
  }
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no box or viewport');
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

const cartItems = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as CartLine[]);

describe('checkout and orders in the browser', () => {
  it('two sellers, separate billing, cash on delivery; distributor delivers and marks paid; buyer and sellers see it (desktop)', async () => {
    const kavya = await pickProduct('Kavya Textiles');
    const meera = await pickProduct('Meera Handlooms');
    const buyer = await openPage({ width: 1280 });

    // Through the storefront: each product page's Add to Cart, then the cart's Proceed To Checkout.
    await fillCart(buyer, []);
    await addToCart(buyer, kavya, 2);
    await addToCart(buyer, meera, 1);
    await buyer.getByRole('button', { name: 'Proceed To Checkout' }).click();

    // Checkout needs a signed-in buyer: /login?redirect=shipping, then back to /shipping.
    await buyer.waitForURL(/\/login\?redirect=shipping$/);
    await signIn(buyer, 'buyer@haat.test');
    await buyer.waitForURL('**/shipping');
    await buyer.getByRole('heading', { name: 'Shipping' }).waitFor();

    // Step bar: Sign In is a link, Shipping is the current step, later steps are not reached yet.
    expect(
      await stepBar(buyer)
        .getByRole('link', { name: /Sign In/ })
        .count(),
    ).toBe(1);
    expect(await stepBar(buyer).locator('[aria-current="step"]').innerText()).toContain('Shipping');
    expect(
      await stepBar(buyer)
        .getByRole('link', { name: /Payment/ })
        .count(),
    ).toBe(0);

    // The address starts from the buyer's profile; billing is 'same as shipping' by default.
    const shipping = buyer.getByRole('group', { name: 'Shipping address' });
    expect(await shipping.getByLabel('Address').inputValue()).toBe('221, 12th Main, Indiranagar');
    expect(await shipping.getByLabel('Country').inputValue()).toBe('India');
    const same = buyer.getByLabel('Billing address same as shipping');
    expect(await same.isChecked()).toBe(true);

    // A postal code that does not fit the country: SPEC's alert, and the same text under the field.
    await shipping.getByLabel('Postal Code').fill('12345');
    await buyer.getByRole('button', { name: 'Continue' }).click();
    const shippingAlert = 'Please enter a valid shipping postal code for the selected country.';
    await buyer.getByRole('alert').filter({ hasText: shippingAlert }).waitFor();
    expect(await shipping.getByText(shippingAlert).isVisible()).toBe(true);
    await screenshot(buyer, 'checkout-shipping-validation-desktop');
    await shipping.getByLabel('Postal Code').fill('560038');

    // Separate billing: name, address, country / state / city and a postal code of that country.
    await same.uncheck();
    const billing = buyer.getByRole('group', { name: 'Billing address' });
    await billing.getByLabel('Name').fill('Priya Nair (Acme Exports)');
    await billing.getByLabel('Address').fill('500 Howard Street');
    await billing.getByLabel('Country').selectOption('United States');
    await choose(billing.getByLabel('State'), 'California');
    await choose(billing.getByLabel('City'), 'San Francisco');
    await billing.getByLabel('Postal Code').fill('9410');
    await buyer.getByRole('button', { name: 'Continue' }).click();
    const billingAlert = 'Please enter a valid billing postal code for the selected country.';
    await buyer.getByRole('alert').filter({ hasText: billingAlert }).waitFor();
    expect(await billing.getByText(billingAlert).isVisible()).toBe(true);
    await billing.getByLabel('Postal Code').fill('94105-1234');
    await screenshot(buyer, 'checkout-shipping-desktop');
    await buyer.getByRole('button', { name: 'Continue' }).click();

    // Payment: RazorPay by default, PayPal says it charges in USD; choose cash on delivery.
    await buyer.waitForURL('**/payment');
    await buyer.getByRole('heading', { name: 'Payment Method' }).waitFor();
    expect(await buyer.getByLabel('RazorPay').isChecked()).toBe(true);
    expect(await buyer.getByText(/Charged in US dollars/).isVisible()).toBe(true);
    expect(
      await stepBar(buyer)
        .getByRole('link', { name: /Shipping/ })
        .count(),
    ).toBe(1);
    await buyer.getByLabel('Cash on Delivery').check();
    await screenshot(buyer, 'checkout-payment-desktop');
    await buyer.getByRole('button', { name: 'Continue' }).click();

    // Place Order: the saved steps survive a reload.
    await buyer.waitForURL('**/placeorder');
    await buyer.reload();
    await buyer.getByRole('heading', { name: 'Place Order', level: 1 }).waitFor();
    const main = buyer.getByRole('main');
    await main.getByText('221, 12th Main, Indiranagar, Bengaluru, Karnataka, 560038, India').waitFor();
    await main.getByText('500 Howard Street, San Francisco, California, 94105-1234, United States').waitFor();
    expect(await main.getByText('Same as shipping address').count()).toBe(0);
    await main.getByText('Cash on Delivery').waitFor();
    const kavyaLink = main.getByRole('link', { name: kavya.name });
    expect(await kavyaLink.getAttribute('href')).toBe(`/product/${kavya._id}`);
    expect(await main.getByRole('link', { name: meera.name }).getAttribute('href')).toBe(
      `/product/${meera._id}`,
    );
    const summary = buyer.getByRole('region', { name: 'Order Summary' });
    for (const row of ['Items', 'Shipping', '(Free Shipping)', 'Estimated GST', 'Total']) {
      await summary.getByText(row, { exact: true }).waitFor();
    }
    await screenshot(buyer, 'checkout-placeorder-desktop');

    await buyer.getByRole('button', { name: 'Place Order' }).click();
    await buyer.waitForURL(/\/order\/[0-9a-f-]{36}$/);
    const orderId = new URL(buyer.url()).pathname.split('/').pop() ?? '';
    // The page names the order by its number (HAAT-YYYY-NNNNNN); the lists show that number too.
    const heading = buyer.getByRole('heading', { level: 1, name: /^Order HAAT-\d{4}-\d{6}$/ });
    const orderNumber = (await heading.innerText()).replace(/^Order /, '');

    // The order page: unpaid, undelivered, cash on delivery thanks the buyer; the cart is empty now.
    await main.getByText('Not Paid', { exact: true }).waitFor();
    await main.getByText('Not Delivered', { exact: true }).waitFor();
    await main.getByText('Thank you for your order!').waitFor();
    await main.getByText('Priya Nair (Acme Exports)', { exact: false }).waitFor();
    expect(await main.getByRole('link', { name: 'buyer@haat.test' }).getAttribute('href')).toBe(
      'mailto:buyer@haat.test',
    );
    expect(await main.getByRole('button', { name: 'Mark As Delivered' }).count()).toBe(0);
    expect(await buyer.evaluate(() => localStorage.getItem('cartItems'))).toBe('[]');
    await screenshot(buyer, 'order-cod-unpaid-desktop');

    // The distributor finds it in the order list, marks it delivered and paid.
    const distributor = await openPage({ width: 1280 });
    await signInAt(distributor, '/admin/orderlist', 'distributor@haat.test');
    const row = distributor.getByRole('row').filter({ hasText: orderNumber });
    await row.waitFor();
    await screenshot(distributor, 'admin-orderlist-desktop');
    await distributor.getByLabel('Paid', { exact: true }).selectOption('false');
    await row.waitFor();
    await row.getByRole('link', { name: /Details/ }).click();
    await distributor.waitForURL(`**/order/${orderId}`);
    await distributor.getByRole('button', { name: 'Mark As Delivered' }).click();
    await distributor
      .getByRole('region', { name: 'Shipping' })
      .getByText(/^Delivered on /)
      .waitFor();
    await distributor.getByRole('button', { name: 'Mark As Paid' }).click();
    await distributor.getByText(/^Paid on /).waitFor();
    expect(await distributor.getByRole('button', { name: /Mark As/ }).count()).toBe(0);
    await screenshot(distributor, 'order-delivered-paid-desktop');

    // The buyer sees it paid and delivered in My Purchases, and Details leads back to it.
    await buyer.goto('/profile');
    const purchase = buyer
      .getByRole('region', { name: 'My Purchases' })
      .getByRole('listitem')
      .filter({ hasText: orderNumber });
    await purchase.waitFor();
    await purchase.getByText('Delivered', { exact: true }).waitFor();
    await screenshot(buyer, 'profile-my-purchases-desktop');
    await purchase.getByRole('link', { name: orderNumber }).click();
    await buyer.waitForURL(`**/order/${orderId}`);
    await buyer
      .getByRole('region', { name: 'Shipping' })
      .getByText(/^Delivered on /)
      .waitFor();

    // Each seller sees only their own line of the order.
    for (const [email, mine, theirs, shot] of [
      ['seller@haat.test', kavya, meera, 'seller-orderlist-desktop'],
      ['seller2@haat.test', meera, kavya, 'seller2-orderlist-desktop'],
    ] as const) {
      const seller = await openPage({ width: 1280 });
      await signInAt(seller, '/seller/orderlist', email);
      const lines = seller.getByRole('row').filter({ hasText: orderNumber });
      await lines.first().waitFor();
      expect(await lines.count()).toBe(1);
      expect(await lines.innerText()).toContain(mine.name);
      expect(await seller.getByRole('main').getByText(theirs.name).count()).toBe(0);
      await screenshot(seller, shot);
    }

    // Admin: the sellers' pending payouts, with links to the order.
    const admin = await openPage({ width: 1280 });
    await signInAt(admin, '/admin/pending-payments', 'admin@haat.test');
    for (const sellerName of ['Kavya Sharma', 'Meera Iyer']) {
      const group = admin.getByRole('row').filter({ hasText: sellerName });
      await group.getByRole('link', { name: `Order ${orderNumber}` }).waitFor();
    }
    await screenshot(admin, 'admin-pending-payments-desktop');
  });

  it('at 360 px: a failed order shows the message, a RazorPay order is placed unpaid, lists fit', async () => {
    const product = await pickProduct('Kavya Textiles');
    const other = await pickProduct('Meera Handlooms');
    const page = await openPage({ width: 360, height: 780 });
    // More than the stock: the server refuses with 409 and nothing is written.
    await fillCart(page, [{ ...cartLine(product, 1), qty: product.countInStock + 1000 }, cartLine(other, 1)]);
    await signInAt(page, '/shipping', 'buyer@haat.test');

    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shipping.getByLabel('Postal Code').fill('560038');
    await expectNoSideScroll(page);
    await screenshot(page, 'checkout-shipping-mobile');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/payment');
    expect(await page.getByLabel('RazorPay').isChecked()).toBe(true);
    await expectNoSideScroll(page);
    await screenshot(page, 'checkout-payment-mobile');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/placeorder');
    await page.getByText('Same as shipping address').waitFor();
    await page.getByRole('button', { name: 'Place Order' }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'Failed to place order. Please try again.' });
    await failure.waitFor();
    expect(await failure.innerText()).toContain(product.name);
    // Trying again cannot help: the failure offers the way back to the cart.
    expect(await failure.getByRole('link', { name: 'Review your cart' }).getAttribute('href')).toBe('/cart');
    await expectNoSideScroll(page);
    await screenshot(page, 'checkout-placeorder-failed-mobile');

    // Fix the cart (as the cart page would) and place it.
    await page.evaluate(
      (lines) => localStorage.setItem('cartItems', JSON.stringify(lines)),
      [cartLine(product, 1), cartLine(other, 1)],
    );
    await page.reload();
    await page.getByRole('heading', { name: 'Place Order', level: 1 }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'checkout-placeorder-mobile');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
    await page.getByText('Not Paid', { exact: true }).waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'order-razorpay-pending-mobile');
    // An online order leaves the cart as it was until it is paid (ADR 0133).
    expect(await cartItems(page)).toHaveLength(2);

    // With the cart empty, Place Order is disabled.
    await page.evaluate(() => localStorage.setItem('cartItems', '[]'));
    await page.goto('/placeorder');
    await page.getByText('Your Cart is empty').waitFor();
    expect(await page.getByRole('button', { name: 'Place Order' }).isDisabled()).toBe(true);

    // /order goes to the latest order; My Purchases fits the phone.
    await page.goto('/order');
    await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
    await page.goto('/profile');
    await page.getByRole('region', { name: 'My Purchases' }).getByRole('listitem').first().waitFor();
    await expectNoSideScroll(page);
    await screenshot(page, 'profile-my-purchases-mobile');

    for (const [email, path, shot] of [
      ['distributor@haat.test', '/admin/orderlist', 'admin-orderlist-mobile'],
      ['seller@haat.test', '/seller/orderlist', 'seller-orderlist-mobile'],
      ['admin@haat.test', '/admin/pending-payments', 'admin-pending-payments-mobile'],
    ] as const) {
      const office = await openPage({ width: 360, height: 780 });
      await signInAt(office, path, email);
      await office.getByRole('table').waitFor();
      await expectNoSideScroll(office);
      await screenshot(office, shot);
    }
  });

  it('at 390×844: each step’s action and the Pay button need no scrolling; the cart keeps its lines until the order is paid', async () => {
    const product = await pickProduct('Kavya Textiles');
    const other = await pickProduct('Meera Handlooms');
    const later = await pickProduct('Kavya Textiles', [product._id]);
    const page = await openPage({ width: 390, height: 844 });
    await fillCart(page, [cartLine(product, 1), cartLine(other, 2)]);
    await signInAt(page, '/shipping', 'buyer@haat.test');

    await page.getByRole('group', { name: 'Shipping address' }).getByLabel('Postal Code').fill('560038');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectOnScreen(page, stepBar(page));
    await expectOnScreen(page, page.getByRole('button', { name: 'Continue' }));
    await screenshot(page, 'checkout-shipping-phone', { fullPage: false });
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/payment');
    await page.getByLabel('RazorPay').check();
    await expectOnScreen(page, page.getByRole('button', { name: 'Continue' }));
    await screenshot(page, 'checkout-payment-phone', { fullPage: false });
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/placeorder');
    await page.getByText('Same as shipping address').waitFor();
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expectOnScreen(page, placeOrder);
    await page.waitForFunction(() => !document.body.innerText.includes('Pricing your order…'));
    await screenshot(page, 'checkout-placeorder-phone', { fullPage: false });
    await placeOrder.click();

    // The order page opens with its payment: the amount due and the Pay button, without scrolling.
    await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const payBox = page.getByRole('region', { name: 'Pay for this order' });
    await expectOnScreen(page, payBox.getByText('Amount due'));
    await expectOnScreen(page, payBox.getByRole('button', { name: 'Pay with RazorPay' }));
    await screenshot(page, 'order-pay-first-phone', { fullPage: false });
    // Placed, not paid: the cart still holds both lines.
    expect((await cartItems(page)).map((l) => [l.product, l.qty])).toEqual([
      [product._id, 1],
      [other._id, 2],
    ]);

    // A failed attempt: the order is saved, the cart untouched, the retry is right there.
    await payBox.getByRole('button', { name: 'Pay with RazorPay' }).click();
    await page
      .getByRole('dialog', { name: /RazorPay checkout/ })
      .getByRole('button', { name: 'Fail' })
      .click();
    await payBox
      .getByRole('alert')
      .filter({ hasText: 'Payment not completed — your order is saved, try again' })
      .waitFor();
    await expectOnScreen(page, payBox.getByRole('button', { name: 'Try RazorPay again' }));
    expect(await page.getByText('Order Cancelled').count()).toBe(0);
    await screenshot(page, 'order-payment-not-completed-phone', { fullPage: false });
    expect(await cartItems(page)).toHaveLength(2);

    // Later — something else added to the cart meanwhile — the buyer pays the order: only its lines go.
    await page.evaluate(
      (line) => {
        const items = JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown[];
        localStorage.setItem('cartItems', JSON.stringify([...items, line]));
      },
      cartLine(later, 1),
    );
    await page.goto('/profile');
    await page.goto(`/order/${orderId}`);
    await payBox.getByRole('button', { name: 'Pay with RazorPay' }).click();
    await page
      .getByRole('dialog', { name: /RazorPay checkout/ })
      .getByRole('button', { name: 'Pay', exact: true })
      .click();
    await page.getByText('Thank you for your order!').waitFor();
    await page.getByText(/^Paid on /).waitFor();
    await expect.poll(async () => (await cartItems(page)).map((l) => l.product)).toEqual([later._id]);
    await screenshot(page, 'order-paid-phone', { fullPage: false });
  });

  it('orders in the display currency: the preview, the order and its lines are in US dollars', async () => {
    const product = await pickProduct('Meera Handlooms');
    const page = await openPage({ width: 1280 });
    await fillCart(page, [cartLine(product, 1)]);
    await signInAt(page, '/shipping', 'buyer@haat.test');
    await page.getByRole('banner').getByRole('combobox', { name: 'Display currency' }).selectOption('USD');
    await page.getByRole('group', { name: 'Shipping address' }).getByLabel('Postal Code').fill('560038');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/payment');
    await page.getByLabel('PayPal').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/placeorder');
    const summary = page.getByRole('region', { name: 'Order Summary' });
    await summary.getByText(/An estimate in USD/).waitFor();
    expect(await summary.innerText()).not.toContain('₹');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const order = (await page.evaluate(async (id) => (await fetch(`/api/orders/${id}`)).json(), orderId)) as {
      orderCurrency: string;
    };
    expect(order.orderCurrency).toBe('USD');
    await page.getByRole('heading', { name: 'Order Items' }).waitFor();
    const items = page
      .getByRole('region', { name: 'Order Items' })
      .getByRole('listitem')
      .filter({ hasText: product.name });
    expect(await items.innerText()).toContain('$');
    expect(await items.innerText()).not.toContain('₹');
  });

  it('on a slow network no checkout page blinks back to the spinner once shown (its words load with its code)', async () => {
    const product = await pickProduct('Meera Handlooms');
    const page = await openPage({ width: 390, height: 844 });
    // Every script arrives late, as on a slow phone: a part of a page rendered once its data is there (the
    // items, the delivery dates) must not find its words missing and suspend the page it is part of.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    // Records each page (by path) whose heading went away again while the layout's spinner showed.
    await page.addInitScript(() => {
      const blinks: string[] = [];
      Object.assign(window, { haatBlinks: blinks });
      let shown = '';
      new MutationObserver(() => {
        const heading = document.querySelector('main h1');
        if (heading) shown = location.pathname;
        else if (shown === location.pathname && document.querySelector('main .haat-spinner'))
          blinks.push(location.pathname);
        else if (shown !== location.pathname) shown = '';
      }).observe(document, { childList: true, subtree: true });
    });
    const blinks = () => page.evaluate(() => (window as unknown as { haatBlinks: string[] }).haatBlinks);
    await fillCart(page, [cartLine(product, 1)]);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await signIn(page, 'buyer@haat.test');
    await page.waitForURL('**/shipping');
    await page.getByRole('group', { name: 'Shipping address' }).getByLabel('Postal Code').fill('560038');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/payment');
    await page.getByLabel('Cash on Delivery').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/placeorder');
    // The items (priced once discounts and tax facts arrive) and the delivery dates (once quoted).
    await page.getByRole('region', { name: 'Order Items' }).getByRole('listitem').first().waitFor();
    await page
      .getByText(/^Delivery to/)
      .first()
      .waitFor();
    expect(await blinks()).toEqual([]);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Order Items' }).waitFor();
    expect(await blinks()).toEqual([]);
  });

  it('keeps a buyer without a shipping address out of the later steps', async () => {
    const page = await openPage({ width: 1280 });
    await fillCart(page, []);
    await page.goto('/payment');
    await page.waitForURL(/\/login\?redirect=payment$/);
    await signIn(page, 'buyer@haat.test');
    await page.waitForURL('**/shipping');
    await page.goto('/placeorder');
    await page.waitForURL('**/shipping');
  });
});
