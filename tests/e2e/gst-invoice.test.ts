import fs from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter } from '../../src/shared/gst.ts';
import type { TaxDocument, TaxFact } from '../../src/shared/schemas/gst.ts';
import type { Order } from '../../src/shared/schemas/order.ts';
import type { Product, ProductList } from '../../src/shared/schemas/product.ts';
import {
  apiCall,
  baseURL,
  DEMO_PASSWORD,
  expectEveryControlNamed,
  openPage,
  reportPagesOnFailure,
  screenshot,
  sellerShipmentId,
  shipViaApi,
  signInApi,
} from './support.ts';

/**
 * What a buyer sees of GST (issue 15), in a real browser: a business buyer in Jaipur buys from Kavya
 * Textiles (also Jaipur, so CGST + SGST) through the cart and checkout with a GSTIN; the seller ships
 * through the API; the buyer finds the tax invoice on the order page, opens it, and downloads the PDF,
 * whose text is read here. Phone (390×844) and desktop (1366×900), each with a screenshot.
 */

const BUYER = 'buyer2@haat.test';
const openPages = reportPagesOnFailure('gst-invoice');
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** A Rajasthan GSTIN with a right check character (a business buying in Jaipur). */
const BODY = '08AAPFU0939F1Z';
const BUYER_GSTIN = `${BODY}${gstinCheckCharacter(BODY)}`;
const BUSINESS = 'Malviya Traders';

/** ₹1,234.50 as the pages write an INR amount. */
const rupees = (amount: number) =>
  `₹${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

/**
 * A garment of Kavya Textiles (HSN 61/62: 5 % up to ₹2,500 a piece) with a variant holding 3 units, so the
 * invoice reads like the usual one; any product in stock otherwise.
 */
async function kavyaProduct(): Promise<Product> {
  const res = await fetch(`${baseURL}/api/shops/products/${encodeURIComponent('Kavya Textiles')}`);
  const inStock = ((await res.json()) as ProductList).products.filter((p) =>
    p.variants.some((v) => v.countInStock >= 3),
  );
  const facts = await apiCall<{ products: TaxFact[] }>(
    'GET',
    `/api/gst/tax-facts?products=${inStock.map((p) => p._id).join(',')}`,
  );
  const garment = new Set(facts.products.filter((f) => /^6[12]/.test(f.hsn)).map((f) => f.product));
  const product = inStock.find((p) => garment.has(p._id)) ?? inStock[0];
  if (!product) throw new Error('no product of Kavya Textiles in stock');
  return product;
}

/** Wait for an option to load into a picker, then choose it. */
type Variant = Product['variants'][number];
type SavedAddress = { address: string; city: string; state: string; postalCode: string; country: string };

/**
 * Puts one line of `variant` in the browser's cart. With an address, it is saved as the shipping address
 * (the cart then knows the delivery state); without, every checkout step saved before is forgotten.
 */
async function seedCart(page: Page, p: Product, v: Variant, qty: number, address: SavedAddress | null) {
  await page.evaluate(
    ({ p, v, qty, address }) => {
      localStorage.setItem(
        'cartItems',
        JSON.stringify([
          {
            product: p._id,
            name: p.name,
            image: p.image[0] ?? '',
            price: v.price ?? p.price,
            currency: p.currency,
            countInStock: v.countInStock,
            categoryId: p.categoryId,
            qty,
            variant: v._id,
            ...(v.size !== 'N/A' ? { size: v.size } : {}),
            ...(v.colour ? { colour: v.colour } : {}),
          },
        ]),
      );
      if (address) {
        localStorage.setItem('shippingAddress', JSON.stringify(address));
        return;
      }
      for (const key of [
        'shippingAddress',
        'billingAddress',
        'paymentMethod',
        'couponCodes',
        'businessPurchase',
      ]) {
        localStorage.removeItem(key);
      }
    },
    { p, v, qty, address },
  );
}

async function choose(select: Locator, option: string) {
  await select.locator('option', { hasText: option }).first().waitFor({ state: 'attached' });
  await select.selectOption(option);
}

/** At phone width nothing may widen the page (tables scroll inside their own box). */
async function expectNoSideScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
}

/** The project has no axe: the checks it would make first. Every control is named, and the page has one h1. */
async function expectAccessibleBasics(page: Page) {
  await expectEveryControlNamed(page);
  expect(await page.locator('main h1').count()).toBe(1);
}

/** Both sizes of one page: the phone first (the test's own size), then the desktop, and back. */
async function shootBoth(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
  await expectNoSideScroll(page);
  await screenshot(page, `${name}-mobile`);
}

describe('GST as a buyer sees it: the split, the tax invoice and its PDF', () => {
  it('a business buyer in Jaipur checks out with a GSTIN, gets CGST + SGST and downloads the seller’s tax invoice', async () => {
    const product = await kavyaProduct();
    const variant = product.variants.find((v) => v.countInStock >= 3) ?? product.variants[0]!;
    const page = await openPage(PHONE);
    openPages.push(page);

    // A cart with two pieces, and no saved address yet: the cart cannot know the split.
    await page.goto('/help');
    await seedCart(page, product, variant, 2, null);
    await page.goto('/cart');
    const cartSummary = page.getByRole('region', { name: /^Subtotal/ });
    await cartSummary.getByText('Estimated GST', { exact: true }).waitFor();
    await cartSummary.getByText('Split into CGST + SGST or IGST by your delivery state.').waitFor();
    await shootBoth(page, 'gst-cart');

    // Sign in, then the shipping step: Priya's profile address in Jaipur, and the business section.
    await page.getByRole('button', { name: 'Proceed To Checkout' }).click();
    await page.waitForURL(/\/login\?redirect=shipping$/);
    await page.getByLabel('Email Address').fill(BUYER);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/shipping');
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await shipping.getByLabel('Address').fill('C-45, Malviya Nagar');
    await shipping.getByLabel('Country').selectOption('India');
    await choose(shipping.getByLabel('State'), 'Rajasthan');
    await choose(shipping.getByLabel('City'), 'Jaipur');
    await shipping.getByLabel('Postal Code').fill('302017');
    await page.getByLabel('Buying for a business? Add your GSTIN for a tax invoice').check();
    const business = page.getByRole('group', { name: 'Business details' });
    // A mistyped GSTIN (last character changed) is caught in the browser with the server's message.
    const wrong = BUYER_GSTIN.slice(0, 14) + (BUYER_GSTIN.endsWith('A') ? 'B' : 'A');
    await business.getByLabel('GSTIN').fill(wrong);
    await business.getByLabel('Business name').fill(BUSINESS);
    await page.getByRole('button', { name: 'Continue' }).click();
    await business.getByText('Please enter a valid GSTIN.').waitFor();
    expect(page.url()).toMatch(/\/shipping$/);
    await business.getByLabel('GSTIN').fill(BUYER_GSTIN.toLowerCase());
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/payment');
    await page.getByLabel('Cash on Delivery').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/placeorder');

    // Place Order: the estimate splits into CGST and SGST (seller and buyer both in Rajasthan).
    const summary = page.getByRole('region', { name: 'Order Summary' });
    const split = summary.getByRole('list', { name: 'GST split' });
    await split.getByText('CGST', { exact: true }).waitFor();
    await split.getByText('SGST', { exact: true }).waitFor();
    expect(await split.getByText('IGST', { exact: true }).count()).toBe(0);
    await summary.getByText('Place of supply: Rajasthan (08)').waitFor();
    await page.getByText(`GST invoice to: ${BUSINESS} (GSTIN ${BUYER_GSTIN})`).waitFor();
    await shootBoth(page, 'gst-placeorder');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
    const orderId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const order = await page.evaluate(
      async (id) => (await (await fetch(`/api/orders/${id}`)).json()) as Order,
      orderId,
    );
    expect(order.buyerGstin).toBe(BUYER_GSTIN);
    expect(order.placeOfSupply).toEqual({ stateCode: '08', stateName: 'Rajasthan' });
    expect(order.igstPrice).toBe(0);
    expect(order.cgstPrice + order.sgstPrice).toBeCloseTo(order.taxPrice, 2);

    // The seller accepts, packs and ships: the tax invoice is issued when the parcel is shipped.
    const kavya = await signInApi('seller@haat.test');
    await shipViaApi(kavya.token, await sellerShipmentId(kavya, orderId), {
      courier: 'Delhivery',
      trackingNumber: '9876543210123',
    });

    // The order page: the split with the place of supply, the business GSTIN, the parcel's invoice.
    await page.reload();
    const main = page.getByRole('main');
    const orderSummary = page.getByRole('region', { name: 'Order Summary' });
    const orderSplit = orderSummary.getByRole('list', { name: 'GST split' });
    await orderSplit.getByText(rupees(order.cgstPrice)).first().waitFor();
    await orderSummary.getByText('Place of supply: Rajasthan (08)').waitFor();
    await main.getByText(`GST invoice to: ${BUSINESS} (GSTIN ${BUYER_GSTIN})`).waitFor();
    const parcel = page.getByRole('region', { name: 'From Kavya Textiles' });
    await parcel.getByText('Tax invoice', { exact: true }).waitFor();
    const number = (await parcel.locator('.font-monospace').first().innerText()).trim();
    expect(number).toMatch(/^INV\/\d{2}-\d{2}\/\d{6}$/);
    await expectAccessibleBasics(page);
    await shootBoth(page, 'gst-order');

    // The invoice page: the printed contents (Rule 46), amounts in INR.
    await parcel.getByRole('link', { name: /^View tax invoice/ }).click();
    await page.waitForURL(/\/tax-documents\/[0-9a-f-]{36}$/);
    const docId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const doc = await page.evaluate(
      async (id) => (await (await fetch(`/api/tax-documents/${id}`)).json()) as TaxDocument,
      docId,
    );
    const invoice = page.getByRole('article', { name: /tax invoice/i });
    await invoice.getByText(number, { exact: true }).waitFor();
    await invoice.getByText(doc.supplier.gstin ?? '(no GSTIN)', { exact: true }).waitFor();
    await invoice.getByText(BUYER_GSTIN, { exact: true }).waitFor();
    await invoice.getByText('Rajasthan (08)', { exact: true }).waitFor();
    await invoice.getByText('Tax is payable on reverse charge: No').waitFor();
    await invoice.getByText(doc.totals.totalInWords).waitFor();
    await invoice.getByText(rupees(doc.totals.total), { exact: true }).last().waitFor();
    // A phone shows each line as a block (no sideways scrolling); a wider screen the table.
    await invoice
      .getByRole('list', { name: 'Lines' })
      .getByText(/CGST \d/)
      .first()
      .waitFor();
    await page.setViewportSize(DESKTOP);
    for (const column of ['HSN', 'Taxable value', 'CGST', 'SGST']) {
      await invoice.getByRole('columnheader', { name: column }).waitFor();
    }
    expect(await invoice.getByRole('columnheader', { name: 'IGST' }).count()).toBe(0);
    await expectAccessibleBasics(page);
    await shootBoth(page, 'gst-invoice');

    // Download PDF: an attachment named after the number, whose text carries the same facts.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
    const file = await download.path();
    const pdf = await getDocumentProxy(new Uint8Array(await fs.readFile(file)));
    const { text } = await extractText(pdf, { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(number);
    expect(flat).toContain(doc.supplier.gstin ?? '(no GSTIN)');
    expect(flat).toContain(BUYER_GSTIN);
    expect(flat).toContain('Tax is payable on reverse charge: No');
    expect(flat.replaceAll('₹', '')).toContain(
      new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(doc.totals.total),
    );

    // Back in the cart with a shipping address saved in another state (Karnataka): the same goods are
    // inter-state, so the cart shows IGST alone.
    await seedCart(page, product, variant, 1, {
      address: '221, 12th Main, Indiranagar',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560038',
      country: 'India',
    });
    await page.goto('/cart');
    const cartSplit = page
      .getByRole('region', { name: /^Subtotal/ })
      .getByRole('list', { name: 'GST split' });
    await cartSplit.getByText('IGST', { exact: true }).waitFor();
    expect(await cartSplit.getByText('CGST', { exact: true }).count()).toBe(0);
  });
});
