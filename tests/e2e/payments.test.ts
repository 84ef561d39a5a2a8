import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ProductList } from '../../src/shared/schemas/product.ts';
import { baseURL, openPage, screenshot } from './support.ts';

/**
 * Paying on the order page in a real browser, with the built-in sandboxes (no provider keys, as `npm start`
 * runs): RazorPay success and failure, PayPal success, cash on delivery; the confirmation mail then shows
 * in /dev/mailbox, queued by the server when the order completed (the page asks for nothing). Orders are placed through the API from the signed-in page (checkout has its own test).
 */

const BUYER = 'buyer@haat.test';
const PASSWORD = 'Demo@12345';

async function signIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email Address').fill(BUYER);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

let productIds: string[] | undefined;
/** Products with stock to spare and no sizes to choose, from the demo shop. */
async function products(): Promise<string[]> {
  if (productIds) return productIds;
  const ids: string[] = [];
  for (let page = 1; page <= 5 && ids.length < 8; page++) {
    const res = await fetch(`${baseURL}/api/products?pageNumber=${page}`);
    const list = (await res.json()) as ProductList;
    for (const p of list.products) {
      if (p.countInStock >= 20 && (p.sizes.length === 0 || p.sizes.every((s) => s === 'N/A')))
        ids.push(p._id);
    }
  }
  if (ids.length === 0) throw new Error('no unsized product with stock');
  productIds = ids;
  return ids;
}

/**
 * Puts something in the cart, places an order through the API (not from that cart), opens its page. The
 * cart is emptied only by placing an order from it (the checkout test), so paying here leaves it alone.
 */
async function placeAndOpen(page: Page, paymentMethod: 'RazorPay' | 'PayPal' | 'CashOnDelivery', n: number) {
  const ids = await products();
  const product = ids[n % ids.length]!;
  const order = await page.evaluate(
    async ({ product, paymentMethod }) => {
      localStorage.setItem(
        'cartItems',
        JSON.stringify([
          {
            product,
            name: 'In the cart',
            image: '',
            price: 100,
            currency: 'INR',
            countInStock: 20,
            categoryId: '',
            qty: 1,
          },
        ]),
      );
      const res = await fetch('/api/orders', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          orderItems: [{ product, qty: 1 }],
          shippingAddress: {
            address: '221 FC Road',
            city: 'Pune',
            state: 'Maharashtra',
            postalCode: '411004',
            country: 'India',
          },
          paymentMethod,
        }),
      });
      if (res.status !== 201) throw new Error(`place order: ${res.status} ${await res.text()}`);
      return (await res.json()) as { _id: string; orderNumber: string };
    },
    { product, paymentMethod },
  );
  await page.goto(`/order/${order._id}`);
  // The page names the order by its number; the UUID stays in the address.
  await page.getByRole('heading', { name: `Order ${order.orderNumber}` }).waitFor();
  return order._id;
}

/** Bootstrap fades dialogs in; screenshots wait until it is fully shown. */
const dialogShown = (page: Page) =>
  page.waitForFunction(() => {
    const modal = document.querySelector('.modal.show');
    return !!modal && getComputedStyle(modal).opacity === '1';
  });

const cartItems = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as unknown[]);
const orderJson = (page: Page, id: string) =>
  page.evaluate(
    async (id) =>
      (await (await fetch(`/api/orders/${id}`)).json()) as { isPaid: boolean; paymentMethod: string },
    id,
  );

/** Polls /dev/mailbox.json until a mail about the order (every order mail links to its page) reaches `to`. */
async function waitForMail(id: string, to: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseURL}/dev/mailbox.json`);
    const { mails } = (await res.json()) as { mails: { to: string; subject: string; text: string }[] };
    const mail = mails.find((m) => m.to === to && m.text.includes(`/order/${id}`));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail for order ${id} to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('order page payments (sandbox)', () => {
  it('RazorPay sandbox success: paid, thank you, confirmation mail; the cart is left alone', async () => {
    const page = await openPage({ width: 1280 });
    await signIn(page);
    const id = await placeAndOpen(page, 'RazorPay', 0);
    expect(await cartItems(page)).toHaveLength(1);
    await page.getByText('Not Paid', { exact: true }).waitFor();
    await page.getByText('is played by Haat').first().waitFor(); // the sandbox says so before paying
    await screenshot(page, 'payment-razorpay-unpaid');

    await page.getByRole('button', { name: 'Pay with RazorPay' }).click();
    const dialog = page.getByRole('dialog', { name: /RazorPay checkout/ });
    await dialog.getByText('SANDBOX', { exact: true }).waitFor();
    await dialog.getByText(/Amount: ₹/).waitFor();
    await dialogShown(page);
    await screenshot(page, 'payment-razorpay-sandbox-dialog');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.getByText('Thank you for your order!').waitFor();
    await page.getByText(/^Paid on /).waitFor();
    expect((await orderJson(page, id)).isPaid).toBe(true);
    expect(await cartItems(page)).toHaveLength(1); // not this cart's order
    await screenshot(page, 'payment-razorpay-paid');

    const mail = await waitForMail(id, BUYER);
    expect(mail.text).toContain('Payment: RazorPay (Paid)');
  });

  it('RazorPay sandbox failure and dismissal: the order is saved to try again, and then it can be paid', async () => {
    const page = await openPage({ width: 1280 });
    await signIn(page);
    const id = await placeAndOpen(page, 'RazorPay', 1);

    await page.getByRole('button', { name: 'Pay with RazorPay' }).click();
    await page
      .getByRole('dialog', { name: /RazorPay checkout/ })
      .getByRole('button', { name: 'Fail' })
      .click();
    const notCompleted = page
      .getByRole('alert')
      .filter({ hasText: 'Payment not completed — your order is saved, try again' });
    await notCompleted.waitFor();
    expect(await notCompleted.getAttribute('data-outcome')).toBe('failed');
    await page.getByText('The payment failed', { exact: false }).waitFor();
    expect(await page.getByText('Order Cancelled').count()).toBe(0);
    await page.getByText('Not Paid', { exact: true }).waitFor();
    expect((await orderJson(page, id)).isPaid).toBe(false);
    expect(await cartItems(page)).toHaveLength(1);
    await screenshot(page, 'payment-razorpay-failed');

    await page.getByRole('button', { name: 'Try RazorPay again' }).click();
    await page
      .getByRole('dialog', { name: /RazorPay checkout/ })
      .getByRole('button', { name: 'Dismiss' })
      .first()
      .click();
    await page.getByText('The payment window was closed', { exact: false }).waitFor();
    expect(await notCompleted.getAttribute('data-outcome')).toBe('Cancelled');
    expect((await orderJson(page, id)).isPaid).toBe(false);

    // The retry right below the message pays the same order.
    await page.getByRole('button', { name: 'Try RazorPay again' }).click();
    await page
      .getByRole('dialog', { name: /RazorPay checkout/ })
      .getByRole('button', { name: 'Pay', exact: true })
      .click();
    await page.getByText('Thank you for your order!').waitFor();
    expect((await orderJson(page, id)).isPaid).toBe(true);
  });

  it('PayPal sandbox success at phone width', async () => {
    const page = await openPage({ width: 360, height: 800 });
    await signIn(page);
    const id = await placeAndOpen(page, 'PayPal', 2);
    await page.getByText(/PayPal charges \$[\d.,]+ \(US dollars\), converted from this order/).waitFor();
    await screenshot(page, 'payment-paypal-unpaid-mobile');

    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    const dialog = page.getByRole('dialog', { name: /PayPal checkout/ });
    await dialog.getByText(/Amount: (US)?\$/).waitFor();
    await dialogShown(page);
    await screenshot(page, 'payment-paypal-sandbox-dialog-mobile');
    await dialog.getByRole('button', { name: 'Pay', exact: true }).click();

    await page.getByText('Thank you for your order!').waitFor();
    await page.getByText(/^Paid on /).waitFor();
    const order = await orderJson(page, id);
    expect(order).toMatchObject({ isPaid: true, paymentMethod: 'PayPal' });
    expect(await cartItems(page)).toHaveLength(1); // not this cart's order
    await screenshot(page, 'payment-paypal-paid-mobile');
  });

  it('cash on delivery: thank you, mails once without asking; the confirmation is in /dev/mailbox', async () => {
    const page = await openPage({ width: 1280 });
    await signIn(page);
    const id = await placeAndOpen(page, 'CashOnDelivery', 3);
    await page.getByText('Thank you for your order!').waitFor();
    await page.getByText('Not Paid', { exact: true }).waitFor();
    expect(await cartItems(page)).toHaveLength(1); // not this cart's order
    await screenshot(page, 'payment-cod');

    const mail = await waitForMail(id, BUYER);
    expect(mail.subject).toMatch(/is confirmed$/);
    // Opening the order again triggers nothing new: still one confirmation.
    await page.reload();
    await page.getByText('Thank you for your order!').waitFor();

    await page.goto('/dev/mailbox');
    const { subject } = await waitForMail(id, BUYER);
    const article = page.getByRole('article', { name: subject });
    await article.waitFor();
    expect(await article.count()).toBe(1);
    await article.getByText('Cash on delivery').first().waitFor();
    await screenshot(page, 'dev-mailbox', { fullPage: false });
  });
});
