import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverySettings } from '../../src/server/db/schema/index.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * E-mails in the recipient's language (docs/decisions/0137-mails-and-pdfs-in-hindi.md): the account's
 * choice (users.language) decides, whoever triggered the mail; no choice means English. Read from the
 * dev mailbox (SMTP_URL unset: DATA_DIR/mail).
 */

type StoredMail = { to: string; subject: string; text: string; html?: string };

let t: TestContext;
let hindiBuyer: Who;
let englishBuyer: Who;
let seller: Who;
let kurta: ProductRow;

async function who(overrides: Parameters<typeof createUser>[1]): Promise<Who> {
  const user = await createUser(t.db, overrides);
  return { user, token: await sessionToken(t.db, user.id) };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.db
    .update(deliverySettings)
    .set({ maxOpenCodOrders: 10_000, maxOpenCodUnits: 30_000 })
    .where(eq(deliverySettings.id, 1));
  hindiBuyer = await who({ name: 'Asha' });
  englishBuyer = await who({ name: 'Bina' });
  // The seller chose Hindi too: its mail for the English buyer's order is in Hindi.
  seller = await who({
    name: 'Kavya',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kavya Textiles' },
    language: 'hi',
  });
  const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
  kurta = await createProduct(t.db, {
    sellerId: seller.user.id,
    name: 'Silk Kurta',
    price: '800',
    countInStock: 100,
    categoryId: category.id,
  });
});
afterAll(async () => t?.close());

async function completedOrder(buyer: Who): Promise<string> {
  const order = await placeOrder(
    t.app,
    buyer.token,
    orderBody([{ product: kurta.id, qty: 2 }], { paymentMethod: 'CashOnDelivery' }),
  );
  for (const audience of ['buyer', 'seller']) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/orders/email/${audience}/complete_order/${order._id}`,
      headers: authHeader(buyer.token),
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const summary = await t.app.jobs.runDue();
  expect(summary.failed).toBe(0);
  return order._id;
}

async function mailsFor(orderId: string, to: string): Promise<StoredMail[]> {
  const res = await t.app.inject({ url: '/dev/mailbox.json' });
  expect(res.statusCode).toBe(200);
  return (res.json().mails as StoredMail[]).filter(
    (m) => m.to === to.toLowerCase() && m.text.includes(`/order/${orderId}`),
  );
}

describe('order mails in the recipient language', () => {
  it('a buyer who chose Hindi gets the confirmation in Hindi; one who did not, in English', async () => {
    // The choice made in the header's switch, saved on the account.
    const chose = await t.app.inject({
      method: 'PUT',
      url: '/api/users/language',
      headers: authHeader(hindiBuyer.token),
      payload: { language: 'hi' },
    });
    expect(chose.statusCode, chose.body).toBe(200);

    const hiOrder = await completedOrder(hindiBuyer);
    const [hi] = await mailsFor(hiOrder, hindiBuyer.user.email);
    expect(hi!.subject).toMatch(/^आपका Haat ऑर्डर HAAT-\S+ कन्फ़र्म हो गया है$/);
    expect(hi!.text).toContain('नमस्ते Asha, ऑर्डर ');
    expect(hi!.text).toContain('भुगतान: कैश ऑन डिलीवरी (डिलीवरी पर भुगतान)।');
    expect(hi!.text).toContain('Silk Kurta');
    expect(hi!.html).toContain('अपना ऑर्डर देखें</a>');

    const enOrder = await completedOrder(englishBuyer);
    const [en] = await mailsFor(enOrder, englishBuyer.user.email);
    expect(en!.subject).toMatch(/^Your Haat order HAAT-\S+ is confirmed$/);
    expect(en!.text).toContain('Hello Bina, thank you for your order ');
    expect(en!.text).toContain('Payment: Cash on delivery (Pay on delivery).');

    // Each recipient has their own language: the seller chose Hindi.
    const [sellerMail] = await mailsFor(enOrder, seller.user.email);
    expect(sellerMail!.subject).toMatch(/^नया ऑर्डर HAAT-\S+: भेजने के लिए 2 आइटम$/);
  });
});
