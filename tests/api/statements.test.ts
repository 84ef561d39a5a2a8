import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { indiaDate } from '#shared/gst-rates.ts';
import { indiaMonthOf } from '#shared/gst-returns.ts';
import type {
  SellerLedgerResponse,
  SettlementTotalsResponse,
  TaxWithheldResponse,
} from '#shared/schemas/settlements.ts';
import { financialYearOf } from '#shared/tax-documents.ts';
import {
  orderItems,
  payoutAccounts,
  payouts,
  sellerPayments,
  settlementSettings,
  shipments,
} from '../../src/server/db/schema/index.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { markOrderPaid } from '../../src/server/modules/orders/orders.service.ts';
import {
  entriesOfSellers,
  readSettlementSettings,
} from '../../src/server/modules/settlements/ledger.repo.ts';
import { givePayoutBack, preparePayoutBatch } from '../../src/server/modules/settlements/payouts.repo.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { createGstParties } from '../factories/gst.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createWho, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Statements (docs/decisions/0122-statements-and-tax-withheld.md): a two-seller cash-on-delivery order
 * delivered, one unit of one line returned, another order's parcel cancelled after
 * shipping with sales recorded on shipping, a third cancelled before shipping; then each seller's ledger
 * balances to the paisa against the hand computation below, a payout's statement lists what it settled,
 * and the tax-withheld, totals and pending views agree.
 *
 * Hand computation (GST 5 %; commission the category markup; its GST 18 %; TCS 0.5 %; TDS 0.1 % with the
 * PAN inside the GSTIN; each half-up on the line):
 *
 * Karnataka seller (GSTIN 29…, buyer in Pune: IGST), kurta ₹1,234.56 × 3, markup 15 %:
 *   sale 3,703.68; IGST 185.184 → 185.18; commission 3,703.68 − 3,703.68 × 0.85 (3,148.128 → 3,148.13)
 *   = 555.55; its GST 99.999 → 100.00; TCS 18.5184 → 18.52; TDS 3.70368 → 3.70.
 *   Sum 3,703.68 + 185.18 − 555.55 − 100.00 − 18.52 − 3.70 = 3,211.09.
 *   One unit returned (a third of each, half-up): sale −1,234.56, GST −61.727 → −61.73, commission
 *   +185.183 → +185.18, its GST +33.333 → +33.33, TCS +6.173 → +6.17, TDS +1.233 → +1.23: −1,070.38.
 *   Balance 3,211.09 − 1,070.38 = 2,140.71.
 *   Order B, kurta × 2 shipped (sale recorded: 2,469.12; IGST 123.456 → 123.46; commission 2,469.12 −
 *   2,098.752 → 2,098.75 = 370.37; GST 66.6666 → 66.67; TCS 12.3456 → 12.35; TDS 2.46912 → 2.47),
 *   then cancelled: all of it back, net 0.
 * Maharashtra seller (GSTIN 27…, Pune: CGST + SGST), saree ₹600.00 × 2, markup 20 %:
 *   sale 1,200.00; GST 30.00 + 30.00; commission 240.00; its GST 43.20; TCS 6.00; TDS 1.20 → 969.60.
 */

let t: TestContext;
let buyer: Who;
let admin: Who;
let karnataka: Who;
let maharashtra: Who;
let stranger: Who;
let kurta: ProductRow;
let saree: ProductRow;
let orderA: { _id: string; orderNumber: string };
let orderB: { _id: string; orderNumber: string };
let payoutId: string;
const COURIER = { id: null, role: 'courier' as const };
const ADMIN = { id: null, role: 'admin' as const };
const month = indiaMonthOf(new Date());
const fy = financialYearOf(new Date());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, by: Who | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: by ? authHeader(by.token) : {},
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const ok = async <T>(url: string, by: Who): Promise<T> => {
  const res = await call('GET', url, by);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

async function move(shipmentId: string, path: ShipmentState[]) {
  for (const to of path) {
    await t.db.transaction((tx) =>
      moveShipment(tx, {
        shipmentId,
        to,
        actor: to === 'delivered' ? COURIER : ADMIN,
        set: to === 'shipped' ? { courier: 'Delhivery', trackingNumber: '1234567890123' } : undefined,
      }),
    );
  }
}
const shipmentsOf = (orderId: string) => t.db.select().from(shipments).where(eq(shipments.orderId, orderId));
const sumOf = async (sellerId: string) =>
  (await entriesOfSellers(t.db, [sellerId])).reduce((n, e) => n + e.amount, 0);

beforeAll(async () => {
  t = await createTestApp();
  ({ buyer, admin, karnataka, maharashtra } = await createGstParties(t.db, {
    karnataka: { name: 'Kaveri Weaves', shop: { shopName: 'Kaveri Weaves' } },
    maharashtra: { name: 'Pune Sarees', shop: { shopName: 'Pune Sarees' } },
  }));
  stranger = await createWho(t.db, { name: 'Other Seller', roles: ['Seller-Company'] });
  const apparel = await createCategory(t.db, { hsn: '6204', tax: '5' });
  kurta = await createProduct(t.db, {
    sellerId: karnataka.user.id,
    name: 'Cotton Kurta',
    categoryId: apparel.id,
    price: '1234.56',
    percentageMarkup: '15',
    sizes: ['M'],
    countInStock: 50,
  });
  saree = await createProduct(t.db, {
    sellerId: maharashtra.user.id,
    name: 'Paithani Saree',
    categoryId: apparel.id,
    price: '600.00',
    percentageMarkup: '20',
    sizes: ['M'],
    countInStock: 50,
  });

  // Order A: both sellers, cash on delivery, delivered and paid at the door.
  orderA = await placeOrder(
    t.app,
    buyer.token,
    orderBody(
      [
        { product: kurta.id, qty: 3, size: 'M' },
        { product: saree.id, qty: 2, size: 'M' },
      ],
      { paymentMethod: 'CashOnDelivery' },
    ),
  );
  for (const s of await shipmentsOf(orderA._id))
    await move(s.id, ['accepted', 'packed', 'shipped', 'delivered']);
  await markOrderPaid(t.db, orderA._id, { method: 'CashOnDelivery', paymentResult: {} });

  // One kurta comes back: request, approve, receive.
  const [kurtaLine] = await t.db.select().from(orderItems).where(eq(orderItems.productId, kurta.id));
  const asked = await call('POST', `/api/orders/${orderA._id}/returns`, buyer, {
    orderItem: kurtaLine!.id,
    qty: 1,
    kind: 'return',
    reason: 'too_small',
    comment: 'Tight at the shoulders',
    refundAccount: { kind: 'upi', upi: 'asha@okbank' },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const returnId = asked.json()._id as string;
  for (const step of ['approve', 'receive']) {
    const res = await call('PUT', `/api/returns/${returnId}/${step}`, karnataka);
    expect(res.statusCode, res.body).toBe(200);
  }

  // Order B: sales recorded on shipping; the parcel is cancelled after it shipped.
  await readSettlementSettings(t.db);
  await t.db.update(settlementSettings).set({ saleOn: 'shipped' }).where(eq(settlementSettings.id, 1));
  orderB = await placeOrder(
    t.app,
    buyer.token,
    orderBody([{ product: kurta.id, qty: 2, size: 'M' }], { paymentMethod: 'CashOnDelivery' }),
  );
  const [b] = await shipmentsOf(orderB._id);
  await move(b!.id, ['accepted', 'packed', 'shipped']);
  expect(await sumOf(karnataka.user.id)).toBe(214071 + 246912 + 12346 - 37037 - 6667 - 1235 - 247);
  await move(b!.id, ['cancelled']);
  await t.db.update(settlementSettings).set({ saleOn: 'delivered' }).where(eq(settlementSettings.id, 1));

  // Order C: cancelled before shipping: nothing recorded.
  const orderC = await placeOrder(
    t.app,
    buyer.token,
    orderBody([{ product: saree.id, qty: 1, size: 'M' }], { paymentMethod: 'CashOnDelivery' }),
  );
  const [c] = await shipmentsOf(orderC._id);
  await move(c!.id, ['cancelled']);
});
afterAll(async () => t?.close());

describe('seller ledger', () => {
  it('balances to the paisa against the hand computation, entries explained', async () => {
    expect(await sumOf(karnataka.user.id)).toBe(214071);
    expect(await sumOf(maharashtra.user.id)).toBe(96960);

    const k = await ok<SellerLedgerResponse>('/api/seller/ledger', karnataka);
    expect(k.seller).toEqual({ _id: karnataka.user.id, name: 'Kaveri Weaves', shopName: 'Kaveri Weaves' });
    // Order A's money is held for the return window; order B's nets to zero and is payable.
    expect(k.balance).toEqual({
      pending: 0,
      onHold: 2140.71,
      payable: 0,
      inPayout: 0,
      paid: 0,
      balance: 2140.71,
    });
    expect(k.entries).toHaveLength(24);
    expect(k.page).toBe(1);
    expect(k.pages).toBe(1);
    expect(k.account).toBeNull();
    const ofA = k.entries.filter((e) => e.orderId === orderA._id);
    const sale = ofA.find((e) => e.kind === 'sale' && !e.reversal)!;
    expect(sale).toMatchObject({
      label: 'Sale',
      amount: 3703.68,
      orderNumber: orderA.orderNumber,
      itemName: 'Cotton Kurta (size M)',
      qty: 3,
      bucket: 'on_hold',
      payoutId: null,
    });
    expect(sale.taxDocumentNumber).toMatch(/^INV\//);
    expect(ofA.find((e) => e.kind === 'commission' && !e.reversal)).toMatchObject({
      label: 'Commission',
      amount: -555.55,
      base: 3703.68,
      rule: 'Category markup 15%',
    });
    // The return: a third of every entry, each named for what it is.
    const back = ofA.filter((e) => e.reversal);
    expect(Object.fromEntries(back.map((e) => [e.label, e.amount]))).toEqual({
      'Refund clawback: sale': -1234.56,
      'Refund clawback: GST on sale': -61.73,
      'Commission reversed': 185.18,
      'GST on commission reversed': 33.33,
      'TCS (section 52 CGST) reversed': 6.17,
      'TDS (section 194-O) reversed': 1.23,
    });
    expect(back.every((e) => e.returnRequestId !== null && e.taxDocumentNumber?.startsWith('CN/'))).toBe(
      true,
    );
    // Newest first.
    const times = k.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    // Order B: recorded on shipping, then taken back whole.
    const ofB = k.entries.filter((e) => e.orderId === orderB._id);
    expect(ofB).toHaveLength(12);
    expect(ofB.reduce((n, e) => n + Math.round(e.amount * 100), 0)).toBe(0);
    expect(new Set(ofB.map((e) => e.bucket))).toEqual(new Set(['payable']));

    const m = await ok<SellerLedgerResponse>(`/api/admin/sellers/${maharashtra.user.id}/ledger`, admin);
    expect(m.balance.balance).toBe(969.6);
    expect(Object.fromEntries(m.entries.map((e) => [e.kind, e.amount]))).toEqual({
      sale: 1200,
      sale_gst: 60,
      commission: -240,
      commission_gst: -43.2,
      tcs: -6,
      tds: -1.2,
    });
    expect(
      (await ok<SellerLedgerResponse>(`/api/seller/ledger?month=${month}&page=1`, maharashtra)).entries,
    ).toHaveLength(6);
    expect((await ok<SellerLedgerResponse>('/api/seller/ledger?month=2020-01', maharashtra)).entries).toEqual(
      [],
    );
  });

  it('is the seller’s own; Admin names a seller; strangers are refused', async () => {
    expect((await call('GET', '/api/seller/ledger', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/seller/ledger', buyer)).statusCode).toBe(403);
    expect(
      (await call('GET', `/api/admin/sellers/${karnataka.user.id}/ledger`, maharashtra)).statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/admin/sellers/${buyer.user.id}/ledger`, admin)).statusCode).toBe(404);
    expect((await call('GET', '/api/seller/ledger?month=2026-13', karnataka)).statusCode).toBe(400);
    expect((await ok<SellerLedgerResponse>('/api/seller/ledger', stranger)).entries).toEqual([]);
  });
});

describe('tax withheld and totals', () => {
  it('per month: gross, returned, net, TCS and TDS of a seller', async () => {
    const k = await ok<TaxWithheldResponse>(`/api/seller/tcs-tds?fy=${fy}`, karnataka);
    expect(k.seller).toEqual({
      _id: karnataka.user.id,
      name: 'Kaveri Weaves',
      gstin: '29AAGCB7383J1Z4',
      pan: 'AAGCB7383J',
    });
    expect(k.months).toHaveLength(12);
    const now = k.months.find((x) => x.month === month)!;
    // Gross 3,703.68 + 2,469.12; returned 1,234.56 + 2,469.12; TCS 18.52 + 12.35 − 6.17 − 12.35.
    expect(now).toEqual({
      month,
      gross: 6172.8,
      returned: 3703.68,
      net: 2469.12,
      tcsRate: expect.stringMatching(/^0\.50?$/),
      tcs: 12.35,
      tdsBase: 2469.12,
      tdsRate: expect.stringMatching(/^0\.10?$/),
      tds: 2.47,
    });
    expect(k.totals).toEqual({
      gross: 6172.8,
      returned: 3703.68,
      net: 2469.12,
      tcs: 12.35,
      tdsBase: 2469.12,
      tds: 2.47,
    });
    const m = await ok<TaxWithheldResponse>(`/api/admin/sellers/${maharashtra.user.id}/tcs-tds`, admin);
    expect(m.fy).toBe(fy);
    expect(m.totals).toEqual({ gross: 1200, returned: 0, net: 1200, tcs: 6, tdsBase: 1200, tds: 1.2 });
    expect((await call('GET', '/api/seller/tcs-tds?fy=2026-28', karnataka)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/admin/sellers/${maharashtra.user.id}/tcs-tds`, karnataka)).statusCode,
    ).toBe(403);
  });
});

describe('payout statements', () => {
  it('list what a payout settled and total to its amount, as CSV and PDF, for its seller and Admin only', async () => {
    await t.db.insert(payoutAccounts).values({
      sellerId: karnataka.user.id,
      method: 'bank',
      accountHolder: 'Kaveri Weaves',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
      pan: 'AAGCB7383J',
      status: 'verified',
    });
    const cutoff = new Date(Date.now() + 8 * 86_400_000);
    const made = await t.db.transaction((tx) =>
      preparePayoutBatch(tx, { cutoff, rail: 'bank_file', minimum: 100, createdBy: null }),
    );
    // The Maharashtra seller has no payout account: skipped.
    expect(made!.payouts.map((p) => [p.sellerId, p.amount])).toEqual([[karnataka.user.id, 214071]]);
    payoutId = made!.payouts[0]!.id;
    const batch = made!.batch.number;

    const csv = await call('GET', `/api/payouts/${payoutId}/statement.csv`, karnataka);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="payout-${batch}-kaveri-weaves.csv"`,
    );
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines.slice(0, 10)).toEqual([
      `Payout statement,Batch ${batch}`,
      'Seller,Kaveri Weaves (Kaveri Weaves)',
      'GSTIN,29AAGCB7383J1Z4',
      'PAN,AAGCB7383J',
      'State,draft',
      'UTR,',
      'Paid to,XXXXXXXX9012 · HDFC0001234',
      expect.stringMatching(/^Prepared on,\d{4}-\d{2}-\d{2}$/),
      'Processed on,',
      'Amount,2140.71',
    ]);
    expect(lines[11]).toBe('Date,Order,Item,Description,Amount (INR)');
    const rows = lines.slice(12, -1);
    expect(rows).toHaveLength(24);
    expect(rows).toContain(
      `${indiaDate(new Date())},${orderA.orderNumber},Cotton Kurta (size M),Sale,3703.68`,
    );
    expect(rows.some((r) => r.endsWith(',Commission: Category markup 15%,-555.55'))).toBe(true);
    expect(rows.some((r) => /,TCS \(section 52 CGST\) @ 0\.50?%,-18\.52$/.test(r))).toBe(true);
    expect(rows.filter((r) => r.includes('Payout'))).toEqual([]);
    const total = rows.reduce((n, r) => n + Math.round(Number(r.split(',').at(-1)) * 100), 0);
    expect(total).toBe(214071);
    expect(lines.at(-1)).toBe(',,,Total,2140.71');

    const pdf = await call('GET', `/api/payouts/${payoutId}/statement.pdf`, admin);
    expect(pdf.statusCode, pdf.body.slice(0, 500)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="payout-${batch}-kaveri-weaves.pdf"`,
    );
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), {
      mergePages: true,
    });
    for (const s of ['Payout statement: batch', orderA.orderNumber, 'Rs. 2,140.71', 'Category markup 15%'])
      expect(text).toContain(s);
    // In Hindi for a reader who chose it: the labels, not the entries or amounts.
    const hiPdf = await t.app.inject({
      url: `/api/payouts/${payoutId}/statement.pdf`,
      headers: { ...authHeader(admin.token), cookie: 'haat_lang=hi' },
    });
    const hiText = (
      await extractText(await getDocumentProxy(new Uint8Array(hiPdf.rawPayload)), { mergePages: true })
    ).text.replace(/\s+/g, '');
    for (const s of ['पेआउट स्टेटमेंट: बैच', orderA.orderNumber, 'Rs. 2,140.71', 'Category markup 15%'])
      expect(hiText).toContain(s.replace(/\s+/g, ''));

    // Another seller, a buyer: not found; signed out: 401.
    expect((await call('GET', `/api/payouts/${payoutId}/statement.csv`, maharashtra)).statusCode).toBe(404);
    expect((await call('GET', `/api/payouts/${payoutId}/statement.pdf`, buyer)).statusCode).toBe(404);
    expect((await call('GET', `/api/payouts/${payoutId}/statement.csv`, null)).statusCode).toBe(401);
    expect((await call('GET', `/api/payouts/${crypto.randomUUID()}/statement.csv`, admin)).statusCode).toBe(
      404,
    );
  });

  it('moves the money from the balance into the payout, then into paid', async () => {
    const inPayout = await ok<SellerLedgerResponse>('/api/seller/ledger', karnataka);
    expect(inPayout.balance).toEqual({
      pending: 0,
      onHold: 0,
      payable: 0,
      inPayout: 2140.71,
      paid: 0,
      balance: 0,
    });
    expect(inPayout.entries).toHaveLength(25);
    expect(inPayout.entries.every((e) => e.bucket === 'in_payout' && e.payoutId === payoutId)).toBe(true);
    expect(inPayout.entries.find((e) => e.kind === 'payout')).toMatchObject({
      amount: -2140.71,
      label: 'Payout',
    });
    expect(inPayout.payouts).toEqual([
      expect.objectContaining({
        _id: payoutId,
        amount: 2140.71,
        state: 'draft',
        destination: 'XXXXXXXX9012 · HDFC0001234',
        sellerName: 'Kaveri Weaves',
      }),
    ]);
    expect(inPayout.account).toMatchObject({ accountNumber: 'XXXXXXXX9012', status: 'verified' });

    await t.db
      .update(payouts)
      .set({ state: 'processed', utr: 'UTR1234567890', processedAt: new Date() })
      .where(eq(payouts.id, payoutId));
    const paid = await ok<SellerLedgerResponse>(`/api/admin/sellers/${karnataka.user.id}/ledger`, admin);
    expect(paid.balance).toMatchObject({ inPayout: 0, paid: 2140.71, balance: 0 });
    expect(new Set(paid.entries.map((e) => e.bucket))).toEqual(new Set(['paid']));
  });

  it('the operator’s totals per month', async () => {
    const res = await ok<SettlementTotalsResponse>(`/api/admin/settlement-totals?fy=${fy}`, admin);
    // Commission 555.55 − 185.18 + 240.00 (order B nets 0); its GST 100.00 − 33.33 + 43.20;
    // TCS 12.35 + 6.00; TDS 2.47 + 1.20; paid out 2,140.71.
    const expected = {
      commission: 610.37,
      commissionGst: 109.87,
      tcs: 18.35,
      tds: 3.67,
      codFees: 0,
      adjustments: 0,
      paidOut: 2140.71,
    };
    expect(res.months.find((m) => m.month === month)).toEqual({ month, ...expected });
    expect(res.totals).toEqual(expected);
    expect((await call('GET', '/api/admin/settlement-totals', karnataka)).statusCode).toBe(403);
  });
});

describe('pending seller payments (the ledger view)', () => {
  it('lists per seller and order what is not paid out yet', async () => {
    const res = await call('GET', '/api/payments/pending-seller-payments', admin);
    expect(res.statusCode, res.body).toBe(200);
    // The Karnataka seller's payout was processed: nothing pending. The Maharashtra seller: order A.
    const [saree2] = await t.db.select().from(orderItems).where(eq(orderItems.productId, saree.id));
    // The row's id is the line's legacy seller payment record: POST /api/payments/seller takes it.
    const [record] = await t.db
      .select()
      .from(sellerPayments)
      .where(eq(sellerPayments.orderItemId, saree2!.id));
    expect(res.json()).toEqual([
      {
        seller: { _id: maharashtra.user.id },
        sellerName: 'Pune Sarees',
        currency: 'INR',
        totalItemTotalPrice: 969.6,
        payments: [
          {
            _id: record!.id,
            orderId: orderA._id,
            orderNumber: orderA.orderNumber,
            orderItemId: saree2!.id,
            itemTotalPrice: 969.6,
            paymentStatus: 'Pending',
          },
        ],
      },
    ]);
  });
  it('a payout that came back owes its money again once: no longer under its orders, in one row of its own', async () => {
    type Pending = {
      seller: { _id: string };
      totalItemTotalPrice: number;
      payments: { _id: string; orderId: string; orderNumber: string; itemTotalPrice: number }[];
    }[];
    const seller = maharashtra.user.id;
    const pendingOf = async () =>
      (await ok<Pending>('/api/payments/pending-seller-payments', admin)).find(
        (g) => g.seller._id === seller,
      );
    const ledger = () => ok<SellerLedgerResponse>(`/api/admin/sellers/${seller}/ledger`, admin);
    // What the statement says is owed and not paid: pending + on hold + payable + in payout.
    const owed = async () => {
      const b = (await ledger()).balance;
      return Math.round((b.pending + b.onHold + b.payable + b.inPayout) * 100) / 100;
    };
    const returned = (orderId: string) => ({
      _id: expect.any(String),
      orderId,
      orderNumber: orderId ? orderA.orderNumber : 'Adjustments and returned payouts',
      itemTotalPrice: 969.6,
    });
    const prepare = async () => {
      const made = await t.db.transaction((tx) =>
        preparePayoutBatch(tx, {
          cutoff: new Date(Date.now() + 8 * 86_400_000),
          rail: 'bank_file',
          minimum: 100,
          createdBy: null,
        }),
      );
      expect(made!.payouts.map((p) => [p.sellerId, p.amount])).toEqual([[seller, 96960]]);
      return made!;
    };

    await t.db.insert(payoutAccounts).values({
      sellerId: seller,
      method: 'upi',
      accountHolder: 'Pune Sarees',
      vpa: 'punesarees@okbank',
      status: 'verified',
    });
    // In a draft payout: still listed under its order, and in payout on the statement.
    const first = await prepare();
    expect((await pendingOf())?.payments).toEqual([expect.objectContaining(returned(orderA._id))]);
    expect(await owed()).toBe(969.6);

    // The batch is rejected: the order's entries are settled by the returned payout; the money is owed
    // again once, as the payout's reversal entry (payable), in the row without an order.
    const rejected = await call('PUT', `/api/admin/payout-batches/${first.batch.id}/reject`, admin, {
      reason: 'Wrong account holder',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    let pending = await pendingOf();
    expect(pending?.payments).toEqual([expect.objectContaining(returned(''))]);
    expect(pending?.totalItemTotalPrice).toBe(await owed());
    const afterReject = await ledger();
    expect(afterReject.balance).toMatchObject({ payable: 969.6, inPayout: 0, paid: 0 });
    const buckets = afterReject.entries.map((e) => [e.kind, e.bucket]);
    expect(buckets.filter(([k]) => k === 'payout_reversal')).toEqual([['payout_reversal', 'payable']]);
    expect(new Set(buckets.filter(([k]) => k !== 'payout_reversal').map(([, b]) => b))).toEqual(
      new Set(['returned']),
    );

    // Paid again in a second batch: nothing left under the order, the returned money in payout.
    const second = await prepare();
    pending = await pendingOf();
    expect(pending?.payments).toEqual([expect.objectContaining(returned(''))]);
    expect(pending?.totalItemTotalPrice).toBe(await owed());
    const secondId = second.payouts[0]!.id;
    await t.db
      .update(payouts)
      .set({ state: 'processed', utr: 'UTR9876543210', processedAt: new Date() })
      .where(eq(payouts.id, secondId));
    expect(await pendingOf()).toBeUndefined();
    expect(await owed()).toBe(0);

    // The bank takes the second payout back: owed again, exactly once.
    const back = await t.db.transaction((tx) =>
      givePayoutBack(tx, {
        payoutId: secondId,
        from: ['processed'],
        to: 'reversed',
        reason: 'Beneficiary account closed',
        at: new Date(),
      }),
    );
    expect(back?.state).toBe('reversed');
    pending = await pendingOf();
    expect(pending?.payments).toEqual([expect.objectContaining(returned(''))]);
    expect(pending?.totalItemTotalPrice).toBe(969.6);
    expect(await owed()).toBe(969.6);
  });
});
