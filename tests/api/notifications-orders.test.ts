import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverySettings, notifications, orders } from '../../src/server/db/schema/index.ts';
import { makeDue, queuedJobs } from '../../src/server/jobs/queue.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createUser, sessionToken, type TestUser, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';
import { paymentSignature } from '../../src/server/modules/payments/razorpay-signature.ts';
import { sandboxSecret } from '../../src/server/modules/payments/providers.ts';

/**
 * Order-completion mails delivered over SMTP to a real SMTP server (smtp-server on 127.0.0.1): who gets
 * what (buyer: everything; each seller: only their lines; every Distributor), exactly once even when
 * triggered concurrently, automatically after an online payment, and retried when the server refuses.
 */

type Received = { from: string; to: string[]; raw: string; text: string };

let t: TestContext;
let smtp: SMTPServer;
const received: Received[] = [];
/** Recipients the SMTP server refuses with a temporary error (to test retries). */
const refuse = new Set<string>();

let buyer: Who;
let otherBuyer: Who;
let admin: Who;
let sellerA: Who;
let sellerB: Who;
let distributors: TestUser[];
let kurta: ProductRow;
let saree: ProductRow;

/** Undo quoted-printable so assertions can read the text (nodemailer encodes ₹ and long lines). */
const unQP = (s: string) =>
  s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
const decodeUtf8 = (s: string) => Buffer.from(s, 'latin1').toString('utf8');

async function who(overrides: Parameters<typeof createUser>[1]): Promise<Who> {
  const user = await createUser(t.db, overrides);
  return { user, token: await sessionToken(t.db, user.id) };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (refuse.has(address.address))
        return cb(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('latin1');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeUtf8(unQP(raw)),
        });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', r));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Haat <orders@haat.test>' });
  // These tests keep more unpaid cash-on-delivery orders open per buyer than the hoarding limits allow
  // (docs/decisions/0110-cancellations.md); the limits have their own tests.
  await t.db
    .update(deliverySettings)
    .set({ maxOpenCodOrders: 10_000, maxOpenCodUnits: 30_000 })
    .where(eq(deliverySettings.id, 1));

  buyer = await who({ name: 'Asha Buyer' });
  otherBuyer = await who({ name: 'Bina' });
  admin = await who({ name: 'Admin', roles: ['Admin'] });
  sellerA = await who({ name: 'Kavya', roles: ['Seller-Company'], shop: { shopName: 'Kavya Textiles' } });
  sellerB = await who({ name: 'Meera', roles: ['Seller-Individual'], shop: { shopName: 'Meera Handlooms' } });
  distributors = [
    await createUser(t.db, { name: 'Dev One', roles: ['Distributor'] }),
    await createUser(t.db, { name: 'Dev Two', roles: ['Distributor', 'Buyer'] }),
  ];
  // Not distributors, or not reachable: no mail for them.
  await createUser(t.db, { name: 'Inactive Dev', roles: ['Distributor'], active: false });
  const category = await createCategory(t.db, { hsn: '6204', tax: '5' });
  kurta = await createProduct(t.db, {
    sellerId: sellerA.user.id,
    name: 'Silk Kurta',
    price: '800',
    countInStock: 100,
    categoryId: category.id,
  });
  saree = await createProduct(t.db, {
    sellerId: sellerB.user.id,
    name: 'Cotton Saree',
    price: '600',
    countInStock: 100,
    categoryId: category.id,
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
});

const twoSellerOrder = (paymentMethod: 'CashOnDelivery' | 'RazorPay' = 'CashOnDelivery') =>
  placeOrder(
    t.app,
    buyer.token,
    orderBody(
      [
        { product: kurta.id, qty: 1 },
        { product: saree.id, qty: 2 },
      ],
      { paymentMethod },
    ),
  );
const complete = (audience: string, orderId: string, token: string, method: 'GET' | 'POST' = 'POST') =>
  t.app.inject({
    method,
    url: `/api/orders/email/${audience}/complete_order/${orderId}`,
    headers: authHeader(token),
  });
/** Every order mail links to the order's page, which names it by id. */
const mailsFor = (orderId: string) => received.filter((m) => m.text.includes(`/order/${orderId}`));

/**
 * The order's completion job as the completing transaction left it: whether it is due now, and whether it
 * was written by the transaction that set `completedAt` (now() is the same instant all through a
 * transaction, and only within it).
 */
async function completionJob(orderId: string, completedAt: 'created_at' | 'paid_at') {
  const { rows } = await t.db.execute<{ due: boolean; same_transaction: boolean }>(sql`
    select j.run_at <= now() as due, j.created_at = o.${sql.raw(completedAt)} as same_transaction
    from graphile_worker.jobs j join orders o on o.id = ${orderId}
    where j.key = ${`order-completed:${orderId}`}`);
  return rows;
}

describe('cash on delivery completion mails', () => {
  it('go out once to buyer, each seller (their lines only) and every distributor, even when triggered twice at once', async () => {
    const order = await twoSellerOrder();
    // A client's trigger before the queue ran, fired twice concurrently, GET and POST mixed.
    const calls = await Promise.all(
      ['buyer', 'seller', 'distributors'].flatMap((a) => [
        complete(a, order._id, buyer.token, 'GET'),
        complete(a, order._id, buyer.token, 'POST'),
      ]),
    );
    expect(calls.map((c) => c.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const queued = calls.reduce((s, c) => s + (c.json() as { queued: number }).queued, 0);
    expect(queued).toBe(1 + 2 + 2);

    const rows = await t.db.select().from(notifications).where(eq(notifications.documentId, order._id));
    expect(rows.map((r) => `${r.type}:${r.recipient}`).sort()).toEqual(
      [
        `order_confirmation:${buyer.user.email}`,
        `order_seller:${sellerA.user.email}`,
        `order_seller:${sellerB.user.email}`,
        ...distributors.map((d) => `order_distributor:${d.email}`),
      ]
        .map((s) => s.toLowerCase())
        .sort(),
    );

    // The request only queued; the queue delivers over SMTP.
    expect(mailsFor(order._id)).toHaveLength(0);
    const summary = await t.app.jobs.runDue();
    expect(summary.failed).toBe(0);
    const mails = mailsFor(order._id);
    expect(mails).toHaveLength(5);
    expect(mails.every((m) => m.from === 'orders@haat.test')).toBe(true);

    const to = (email: string) => mails.filter((m) => m.to.includes(email.toLowerCase()));
    const buyerMail = to(buyer.user.email);
    expect(buyerMail).toHaveLength(1);
    expect(buyerMail[0]!.text).toMatch(/^Subject: Your Haat order .* is confirmed/m);
    expect(buyerMail[0]!.text).toContain('Silk Kurta');
    expect(buyerMail[0]!.text).toContain('Cotton Saree');
    expect(buyerMail[0]!.text).toContain('Total');
    expect(buyerMail[0]!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(buyerMail[0]!.raw).toMatch(/Content-Type: text\/html/i);

    const a = to(sellerA.user.email);
    expect(a).toHaveLength(1);
    expect(a[0]!.text).toContain('Silk Kurta');
    expect(a[0]!.text).not.toContain('Cotton Saree');
    const b = to(sellerB.user.email);
    expect(b).toHaveLength(1);
    expect(b[0]!.text).toContain('Cotton Saree');
    expect(b[0]!.text).not.toContain('Silk Kurta');

    for (const d of distributors) {
      const dm = to(d.email);
      expect(dm).toHaveLength(1);
      expect(dm[0]!.text).toMatch(/Cash on delivery: collect/);
      expect(dm[0]!.text).toContain('Silk Kurta');
      expect(dm[0]!.text).toContain('Cotton Saree');
    }

    // Every notification is marked sent; triggering again sends nothing more.
    const sent = await t.db.select().from(notifications).where(eq(notifications.documentId, order._id));
    expect(sent.every((n) => n.sentAt instanceof Date)).toBe(true);
    const again = await complete('buyer', order._id, buyer.token);
    expect(again.json()).toMatchObject({ queued: 0, already: 1, message: 'Notifications already sent' });
    await t.app.jobs.runDue();
    expect(mailsFor(order._id)).toHaveLength(5);
  });

  it("only the order's buyer and Admin may trigger them", async () => {
    const order = await twoSellerOrder();
    expect((await complete('buyer', order._id, otherBuyer.token)).statusCode).toBe(404);
    expect((await complete('seller', order._id, sellerA.token)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/orders/email/buyer/complete_order/${order._id}` }))
        .statusCode,
    ).toBe(401);
    expect((await complete('distributors', order._id, admin.token)).statusCode).toBe(200);
    expect((await complete('buyer', 'not-a-uuid', buyer.token)).statusCode).toBe(404);
  });

  it('an unpaid online-payment order has no completion mails yet (409)', async () => {
    const order = await twoSellerOrder('RazorPay');
    const res = await complete('buyer', order._id, buyer.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('order_not_complete');
  });
});

describe('the completing transaction queues the mails', () => {
  it('placing a cash-on-delivery order queues its mails in the placing transaction, due at once', async () => {
    const order = await twoSellerOrder('CashOnDelivery');
    // Right after the 201, with no trigger from anybody: the completion is queued, due now, by the
    // transaction that inserted the order.
    expect(await completionJob(order._id, 'created_at')).toEqual([{ due: true, same_transaction: true }]);
    expect(mailsFor(order._id)).toHaveLength(0);
    await t.app.jobs.runDue(); // the order.completed job queues the mails
    await t.app.jobs.runDue(); // and the mail jobs deliver them
    const mails = mailsFor(order._id);
    expect(mails).toHaveLength(3 + distributors.length);
    expect(mails.filter((m) => m.to.includes(buyer.user.email.toLowerCase()))).toHaveLength(1);
  });

  it('GET and POST complete_order queue only what is not queued yet, and never a mail twice', async () => {
    const order = await twoSellerOrder('CashOnDelivery');
    // Before the queue ran, GET queues the buyer's mail (SPEC-era clients use GET).
    const first = await complete('buyer', order._id, buyer.token, 'GET');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ queued: 1, already: 0, message: 'Notifications queued' });
    await t.app.jobs.runDue(); // the completion job queues the rest, not the buyer's again
    await t.app.jobs.runDue();
    expect(mailsFor(order._id)).toHaveLength(3 + distributors.length);

    for (const audience of ['buyer', 'seller', 'distributors'])
      for (const method of ['GET', 'POST'] as const) {
        const res = await complete(audience, order._id, buyer.token, method);
        expect(res.statusCode, `${method} ${audience}`).toBe(200);
        expect(res.json()).toMatchObject({ queued: 0, message: 'Notifications already sent' });
      }
    const rows = await t.db.select().from(notifications).where(eq(notifications.documentId, order._id));
    expect(rows).toHaveLength(3 + distributors.length);
    await t.app.jobs.runDue();
    expect(mailsFor(order._id)).toHaveLength(3 + distributors.length);

    // GET keeps the same rules as POST: another buyer is told nothing, an unpaid online order is 409.
    expect((await complete('buyer', order._id, otherBuyer.token, 'GET')).statusCode).toBe(404);
    const online = await twoSellerOrder('RazorPay');
    expect((await complete('seller', online._id, buyer.token, 'GET')).statusCode).toBe(409);
  });

  it('queues all completion mails by itself when the order is paid (no browser trigger)', async () => {
    const order = await twoSellerOrder('RazorPay');
    const rz = (
      await t.app.inject({
        method: 'POST',
        url: '/api/orders/RazorPay',
        headers: authHeader(buyer.token),
        payload: { orderId: order._id },
      })
    ).json();
    const paymentId = 'pay_MAILTEST01';
    const pay = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${order._id}/RazorPay/pay`,
      headers: authHeader(buyer.token),
      payload: {
        razorpay_order_id: rz.razor_order_id,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(
          rz.razor_order_id,
          paymentId,
          sandboxSecret(t.config, 'razorpay-key'),
        ),
      },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    // Queued, due now, by the transaction that marked the order paid.
    expect(await completionJob(order._id, 'paid_at')).toEqual([{ due: true, same_transaction: true }]);
    await t.app.jobs.runDue();
    const mails = mailsFor(order._id);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(
      [buyer.user.email, sellerA.user.email, sellerB.user.email, ...distributors.map((d) => d.email)]
        .map((e) => e.toLowerCase())
        .sort(),
    );
    expect(mails.find((m) => m.to[0] === buyer.user.email.toLowerCase())!.text).toContain(
      'Payment: RazorPay (Paid)',
    );
    // The page's trigger afterwards finds them all sent.
    const again = await complete('buyer', order._id, buyer.token);
    expect(again.json()).toMatchObject({ queued: 0, already: 1 });
  });
});

describe('mail failures', () => {
  it('a refused recipient is retried with back-off and never fails the request; others still get theirs', async () => {
    const order = await twoSellerOrder();
    refuse.add(sellerA.user.email.toLowerCase());
    try {
      const res = await complete('seller', order._id, buyer.token);
      expect(res.statusCode).toBe(200);
      const summary = await t.app.jobs.runDue();
      expect(summary.retried).toBe(1);
      const [n] = await t.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.documentId, order._id),
            eq(notifications.recipient, sellerA.user.email.toLowerCase()),
          ),
        );
      expect(n!.sentAt).toBeNull();
      const [job] = await queuedJobs(t.db, { key: `notification:${n!.id}` });
      expect(job!.lastError).toMatch(/451|busy/i);
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 1_000);
      // (A COD order also queues its buyer and distributor mails by itself; this test is about the sellers'.)
      const sellerEmails = [sellerA.user.email, sellerB.user.email].map((e) => e.toLowerCase());
      const sellerMails = () => mailsFor(order._id).filter((m) => sellerEmails.includes(m.to[0] ?? ''));
      expect(sellerMails().map((m) => m.to[0])).toEqual([sellerB.user.email.toLowerCase()]);

      refuse.clear();
      await makeDue(t.db, [job!.id]);
      expect((await t.app.jobs.runDue()).done).toBe(1);
      expect(
        sellerMails()
          .map((m) => m.to[0])
          .sort(),
      ).toEqual([...sellerEmails].sort());
    } finally {
      refuse.clear();
    }
  });
});

describe('GET /api/notifications/check and POST /api/notifications/record', () => {
  it('answer for the caller own documents only', async () => {
    const order = await twoSellerOrder();
    const key = {
      type: 'order_confirmation',
      documentType: 'order',
      documentId: order._id,
      recipient: buyer.user.email,
    };
    const check = (token: string) =>
      t.app.inject({
        url: `/api/notifications/check?${new URLSearchParams(key).toString()}`,
        headers: authHeader(token),
      });
    expect((await check(buyer.token)).json()).toEqual({ sent: false });
    expect((await check(otherBuyer.token)).statusCode).toBe(404);

    const record = (token: string, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/notifications/record',
        headers: authHeader(token),
        payload: body,
      });
    // Not for someone else's mail about my order (that would silence the seller's notification).
    expect(
      (await record(buyer.token, { ...key, type: 'order_seller', recipient: sellerA.user.email })).statusCode,
    ).toBe(403);
    expect((await record(otherBuyer.token, { ...key, recipient: otherBuyer.user.email })).statusCode).toBe(
      404,
    );
    expect((await record(buyer.token, key)).json()).toEqual({ recorded: true });
    expect((await record(buyer.token, key)).json()).toEqual({ recorded: false });
    expect((await check(buyer.token)).json()).toEqual({ sent: true });
    expect((await check(admin.token)).json()).toEqual({ sent: true });
    const [o] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(o!.isPaid).toBe(false);
  });
});
