import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../src/shared/schemas/order.ts';
import type { ProductList } from '../../src/shared/schemas/product.ts';
import { baseURL, DEMO_PASSWORD, openPage, reportPagesOnFailure, screenshot } from './support.ts';

/**
 * A whole purchase with the keyboard alone (issue 18, docs/decisions/0131-accessibility-checks.md): sign in, choose
 * a size, Add to Cart, Proceed To Checkout, the shipping and payment steps and Place Order, each control
 * reached with Tab (or the arrow keys inside a radio group) and used with Enter or Space. No click, no
 * fill(): every character is typed into the control that has the focus, and each control shows its focus.
 */

const opened = reportPagesOnFailure('keyboard-checkout');

/** What the focused element is: its role-ish kind and the name a screen reader would roughly read. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { kind: '', name: '', visible: false };
    const input = el as HTMLInputElement;
    const label =
      el.getAttribute('aria-label') ??
      (input.labels && input.labels[0] ? input.labels[0].innerText : null) ??
      el.innerText ??
      '';
    const style = getComputedStyle(el);
    // The focus ring: an outline, or Bootstrap's box-shadow ring; for a visually hidden radio
    // (btn-check), the ring is drawn on its label.
    const labelStyle = input.labels?.[0] ? getComputedStyle(input.labels[0]) : null;
    const ring = (s: CSSStyleDeclaration | null) =>
      !!s && ((s.outlineStyle !== 'none' && s.outlineWidth !== '0px') || s.boxShadow !== 'none');
    return {
      kind: el.tagName === 'INPUT' ? `input:${input.type}` : el.tagName.toLowerCase(),
      name: label.replace(/\s+/g, ' ').trim(),
      visible: el.matches(':focus-visible') && (ring(style) || ring(labelStyle)),
    };
  });
}

/** Tab forward until the focused control matches; fails after `max` presses. */
async function tabTo(page: Page, kind: string, name: RegExp, max = 80) {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (now.kind === kind && name.test(now.name)) {
      expect(now.visible, `focus ring on ${kind} "${now.name}"`).toBe(true);
      return;
    }
  }
  throw new Error(`Tab never reached ${kind} ${String(name)} in ${String(max)} presses`);
}

/** A kurta with a size in stock, from the demo shop. */
async function aKurta() {
  const list = (await (await fetch(`${baseURL}/api/products?keyword=kurta`)).json()) as ProductList;
  for (const p of list.products) {
    const v = p.variants.find((x) => x.size !== 'N/A' && x.countInStock > 2);
    if (v) return { product: p, variant: v };
  }
  throw new Error('no kurta with a size in stock in the demo shop');
}

describe('checkout with the keyboard only', () => {
  it('signs in, chooses a size, adds to cart and places a cash-on-delivery order without a mouse', async () => {
    const page = await openPage({ width: 1366, height: 900 });
    opened.push(page);
    const { product } = await aKurta();

    // Sign in: Tab to each field, type, Enter submits.
    await page.goto('/login');
    await tabTo(page, 'input:email', /^Email Address/);
    await page.keyboard.type('buyer@haat.test');
    await tabTo(page, 'input:password', /^Password/);
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/login');

    // The product: the size group is one Tab stop; the arrow keys move to a size in stock.
    await page.goto(`/product/${product._id}`);
    await page.getByRole('heading', { name: product.name, level: 1 }).waitFor();
    await tabTo(page, 'input:radio', /./);
    const panel = page.getByRole('form', { name: 'Buy this product' });
    const chosen = async () =>
      panel.getByRole('radio', { checked: true }).evaluateAll((els) => els.length > 0);
    for (let i = 0; i < 10 && !(await chosen()); i += 1) await page.keyboard.press('ArrowRight');
    if (!(await chosen())) await page.keyboard.press('Space');
    expect(await chosen()).toBe(true);
    const size = await panel
      .getByRole('radio', { checked: true })
      .evaluate((el) => (el as HTMLInputElement).labels?.[0]?.innerText.trim() ?? '');
    await screenshot(page, 'keyboard-product-size', { fullPage: false });
    await tabTo(page, 'button', /^Add to Cart$/);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/cart');
    await page.getByRole('link', { name: product.name }).first().waitFor();

    // The cart: on to checkout.
    await tabTo(page, 'button', /^Proceed To Checkout$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/shipping');

    // Shipping: the saved address is there; the postal code is typed over.
    await page.getByRole('group', { name: 'Shipping address' }).waitFor();
    await tabTo(page, 'input:text', /^Postal Code/);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('560038');
    await tabTo(page, 'button', /^Continue$/);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/payment');

    // Payment: the arrow keys move through the methods to Cash on Delivery.
    await tabTo(page, 'input:radio', /./);
    for (let i = 0; i < 5 && !(await page.getByLabel('Cash on Delivery').isChecked()); i += 1)
      await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Cash on Delivery').isChecked()).toBe(true);
    await screenshot(page, 'keyboard-payment', { fullPage: false });
    await tabTo(page, 'button', /^Continue$/);
    await page.keyboard.press('Enter');

    // Review and Place Order.
    await page.waitForURL((url) => url.pathname === '/placeorder');
    await page.getByRole('heading', { name: 'Place Order', level: 1 }).waitFor();
    await tabTo(page, 'button', /^Place Order$/);
    await screenshot(page, 'keyboard-placeorder', { fullPage: false });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/order/'));
    const orderId = new URL(page.url()).pathname.split('/')[2]!;

    const order = await page.evaluate(
      async (id) => (await fetch(`/api/orders/${id}`, { credentials: 'include' })).json() as Promise<Order>,
      orderId,
    );
    expect(order.paymentMethod).toBe('CashOnDelivery');
    expect(order.orderItems).toHaveLength(1);
    expect(order.orderItems[0]).toMatchObject({ product: product._id, qty: 1 });
    expect(order.orderItems[0]!.size).toBe(size.split(/\s/)[0]);
  });
});
