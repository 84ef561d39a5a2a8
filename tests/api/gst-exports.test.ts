import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { indiaMonthOf, previousMonth, returnDate } from '#shared/gst-returns.ts';
import { orderItems, shipments, taxDocuments, users } from '../../src/server/db/schema/index.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { createGstParties } from '../factories/gst.ts';
import { indiaAddress, orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * GSTR-1 and GSTR-8 exports (docs/decisions/0118-gst-returns-and-commission-invoices.md) from the tax
 * documents real orders issue when shipped and returned to origin.
 */

let t: TestContext;
let buyer: Who;
let admin: Who;
let seller: Who;
let otherSeller: Who;
let kurta: ProductRow;
let shoes: ProductRow;
let mug: ProductRow;
const month = indiaMonthOf(new Date());
const admins = { id: null, role: 'admin' } as const;

const get = (url: string, w?: Who) =>
  t.app.inject({ method: 'GET', url, headers: w ? authHeader(w.token) : {} });

async function bringTo(shipmentId: string, path: ShipmentState[]) {
  for (const to of path) {
    await t.db.transaction((tx) =>
      moveShipment(tx, {
        shipmentId,
        to,
        actor: admins,
        set: to === 'shipped' ? { courier: 'Delhivery', trackingNumber: '1234567890123' } : undefined,
      }),
    );
  }
}

async function shippedOrder(lines: { product: ProductRow; qty: number }[], overrides = {}) {
  const o = await placeOrder(
    t.app,
    buyer.token,
    orderBody(
      lines.map((l) => ({ product: l.product.id, qty: l.qty })),
      { paymentMethod: 'CashOnDelivery', ...overrides },
    ),
  );
  const rows = await t.db.select().from(shipments).where(eq(shipments.orderId, o._id));
  for (const s of rows) await bringTo(s.id, ['accepted', 'packed', 'shipped']);
  return { order: o, shipments: rows };
}

const rows = (csv: string) => csv.trimEnd().split('\r\n');

let invoiceNumbers: string[];

beforeAll(async () => {
  t = await createTestApp();
  // A Maharashtra seller (GSTIN 27…), selling to Pune (intra-state) and to Bengaluru (inter-state).
  ({
    buyer,
    admin,
    maharashtra: seller,
    karnataka: otherSeller,
  } = await createGstParties(t.db, {
    karnataka: { name: 'Other Seller', shop: { shopName: 'GSTR Other' } },
    maharashtra: { name: 'Shah, Sons & "Co"', shop: { shopName: 'GSTR Shop' } },
  }));
  const apparel = await createCategory(t.db, { hsn: '6109', tax: '5' });
  const footwear = await createCategory(t.db, { hsn: '6403', tax: '18' });
  const kitchen = await createCategory(t.db, { hsn: '6912', tax: '12' });
  kurta = await createProduct(t.db, {
    sellerId: seller.user.id,
    categoryId: apparel.id,
    price: '1999.00',
    countInStock: 100,
  });
  shoes = await createProduct(t.db, {
    sellerId: seller.user.id,
    categoryId: footwear.id,
    price: '3000.00',
    countInStock: 100,
  });
  mug = await createProduct(t.db, {
    sellerId: otherSeller.user.id,
    categoryId: kitchen.id,
    price: '500.00',
    countInStock: 100,
  });

  // 1. A consumer order to Pune: kurta ×2 (5 %) and shoes ×1 (18 %), CGST + SGST; delivered.
  const first = await shippedOrder([
    { product: kurta, qty: 2 },
    { product: shoes, qty: 1 },
  ]);
  // 2. A business order to Bengaluru with the buyer's GSTIN: kurta ×1, IGST.
  await shippedOrder([{ product: kurta, qty: 1 }], {
    shippingAddress: indiaAddress({ city: 'Bengaluru', state: 'Karnataka', postalCode: '560025' }),
    buyerGstin: '29AAGCB7383J1Z4',
    buyerBusinessName: 'Acme Traders',
  });
  // 3. A consumer order to Pune returned to origin after shipping: a credit note.
  const third = await shippedOrder([{ product: kurta, qty: 1 }]);
  await bringTo(third.shipments[0]!.id, ['returned_to_origin']);
  // 4. The other seller's order to Pune (inter-state for a Karnataka seller); delivered.
  const fourth = await shippedOrder([{ product: mug, qty: 2 }]);
  // Delivery records the sales on the sellers' ledgers, with their TCS (issue 16).
  for (const s of [...first.shipments, ...fourth.shipments]) await bringTo(s.id, ['delivered']);

  const docs = await t.db.select().from(taxDocuments).where(eq(taxDocuments.sellerId, seller.user.id));
  invoiceNumbers = docs
    .filter((d) => d.kind === 'invoice')
    .map((d) => d.number)
    .sort();
});
afterAll(async () => t?.close());

describe('the documents the orders issued', () => {
  it('are three invoices and one credit note of the seller', async () => {
    const docs = await t.db.select().from(taxDocuments).where(eq(taxDocuments.sellerId, seller.user.id));
    expect(docs.filter((d) => d.kind === 'invoice')).toHaveLength(3);
    expect(docs.filter((d) => d.kind === 'credit_note')).toHaveLength(1);
  });
});

describe('GET /api/gst/gstr1', () => {
  const gstr1 = (section: string, w: Who, extra = '') =>
    get(`/api/gst/gstr1?month=${month}&section=${section}${extra}`, w);

  it('B2B: the business invoice with the buyer GSTIN, place of supply and IGST', async () => {
    const res = await gstr1('b2b', seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gstr1-b2b-${month}.csv"`);
    const lines = rows(res.body);
    expect(lines[0]).toBe(
      'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice Date,Invoice Value,Place Of Supply,Reverse Charge,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Integrated Tax,Central Tax,State/UT Tax',
    );
    expect(lines).toHaveLength(2);
    // ₹1,999 at 5 % across states: IGST 99.95, value 2098.95.
    expect(lines[1]).toMatch(
      /^29AAGCB7383J1Z4,Acme Traders,INV\/\d\d-\d\d\/\d{6},\d\d-\w{3}-\d{4},2098\.95,29-Karnataka,N,Regular B2B,29AAGCB7383J1Z4,5,1999\.00,99\.95,0\.00,0\.00$/,
    );
  });

  it('B2C small: consumer invoices by state and rate, less the credit note', async () => {
    const lines = rows((await gstr1('b2cs', seller)).body);
    // Pune: kurtas 2 × 1999 (order 1) + 1999 (order 3) − 1999 (its credit note) at 5 %; shoes 3000 at 18 %.
    expect(lines.slice(1)).toEqual([
      'E,27-Maharashtra,5,3998.00,0.00,99.95,99.95,29AAGCB7383J1Z4',
      'E,27-Maharashtra,18,3000.00,0.00,270.00,270.00,29AAGCB7383J1Z4',
    ]);
  });

  it('HSN summary: quantities and values per HSN from the invoice lines, net of the credit note', async () => {
    const lines = rows((await gstr1('hsn', seller)).body);
    expect(lines.slice(1)).toEqual([
      // 6109: 2 + 1 + 1 − 1 = 3 pieces, 5997.00 taxable, IGST 99.95 (Bengaluru).
      expect.stringMatching(/^6109,PCS,3,/),
      expect.stringMatching(/^6403,/),
    ]);
    const kurtas = lines[1]!.split(',');
    expect(kurtas[5]).toBe('5997.00');
    expect(kurtas[6]).toBe('99.95');
    const shoesRow = lines[2]!.split(',');
    expect(shoesRow.slice(2)).toEqual(['1', '3540.00', '18', '3000.00', '0.00', '270.00', '270.00']);
  });

  it('credit notes with the invoice they refer to', async () => {
    const lines = rows((await gstr1('cdnr', seller)).body);
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(',');
    expect(cells[0]).toBe('');
    expect(cells[2]).toMatch(/^CN\//);
    expect(cells[4]).toBe('C');
    expect(invoiceNumbers).toContain(cells[5]);
    expect(cells[7]).toBe('27-Maharashtra');
    expect(cells.slice(9)).toEqual(['2098.96', '5', '1999.00', '0.00', '49.98', '49.98']);
  });

  it('gives a seller only its own, whatever seller it names; Admin must name one', async () => {
    const own = rows((await gstr1('hsn', otherSeller, `&seller=${seller.user.id}`)).body);
    expect(own.slice(1)).toEqual([
      expect.stringMatching(/^6912,PCS,2,1120\.00,12,1000\.00,120\.00,0\.00,0\.00$/),
    ]);
    const asAdmin = await gstr1('hsn', admin, `&seller=${seller.user.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(rows(asAdmin.body)).toHaveLength(3);
    const none = await gstr1('hsn', admin);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose a seller');
    expect((await gstr1('hsn', buyer)).statusCode).toBe(403);
    expect((await get(`/api/gst/gstr1?month=${month}&section=hsn`)).statusCode).toBe(401);
    expect((await gstr1('exp', seller)).statusCode).toBe(400);
  });

  it('an earlier month is a header row only', async () => {
    const res = await get(`/api/gst/gstr1?month=${previousMonth(month)}&section=b2b`, seller);
    expect(rows(res.body)).toHaveLength(1);
  });
});

describe('GET /api/admin/gstr8', () => {
  it('per seller GSTIN: gross, returned and net taxable value, split intra and inter state, and the TCS', async () => {
    const res = await get(`/api/admin/gstr8?month=${month}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="gstr8-${month}.csv"`);
    expect(rows(res.body)).toEqual([
      'GSTIN of Supplier,Supplier Name,Gross Value of Supplies,Value of Supplies Returned,Net Taxable Value,Net Intra-State Value,Net Inter-State Value,Integrated Tax (TCS),Central Tax (TCS),State/UT Tax (TCS)',
      // Seller: 3998 + 3000 (Pune) + 1999 (Bengaluru) + 1999 (Pune, returned) = 10996; returned 1999.
      // TCS of the delivered Pune order (intra-state): 0.5 % of 3998 (19.99) + of 3000 (15.00) = 34.99,
      // central 17.50 and state 17.49. The other seller's delivered mugs (inter-state): 0.5 % of 1000.
      '27AAPFU0939F1ZV,"Shah, Sons & ""Co""",10996.00,1999.00,8997.00,6998.00,1999.00,0.00,17.50,17.49',
      '29AAGCB7383J1Z4,Other Seller,1000.00,0.00,1000.00,0.00,1000.00,5.00,0.00,0.00',
    ]);
  });

  it('files TCS as intra-state by the line’s supplier state and place of supply, not by its CGST', async () => {
    // As if the Pune lines were taxed at 0 %: no CGST, yet supplier and place of supply are both 27.
    const taxed = await t.db
      .select({ id: orderItems.id, cgst: orderItems.cgst, sgst: orderItems.sgst })
      .from(orderItems)
      .where(and(eq(orderItems.sellerId, seller.user.id), gt(orderItems.cgst, '0')));
    expect(taxed.length).toBeGreaterThan(0);
    try {
      for (const line of taxed)
        await t.db.update(orderItems).set({ cgst: '0', sgst: '0' }).where(eq(orderItems.id, line.id));
      const res = await get(`/api/admin/gstr8?month=${month}`, admin);
      expect(rows(res.body)[1]).toMatch(/,0\.00,17\.50,17\.49$/);
    } finally {
      for (const line of taxed)
        await t.db
          .update(orderItems)
          .set({ cgst: line.cgst, sgst: line.sgst })
          .where(eq(orderItems.id, line.id));
    }
  });

  it('is for Admin only', async () => {
    expect((await get(`/api/admin/gstr8?month=${month}`, seller)).statusCode).toBe(403);
    expect((await get(`/api/admin/gstr8?month=2026-13`, admin)).statusCode).toBe(400);
  });
});

describe('a seller GSTIN changed after issue', () => {
  it('does not move the documents: both exports keep the GSTIN frozen on them', async () => {
    const setGstin = (gstin: string) =>
      t.db.update(users).set({ businessRegistrationCode: gstin }).where(eq(users.id, seller.user.id));
    await setGstin('27AAPFU0939F2ZU');
    try {
      const b2cs = rows((await get(`/api/gst/gstr1?month=${month}&section=b2cs`, seller)).body);
      expect(b2cs.slice(1)).toHaveLength(2);
      const gstr8 = rows((await get(`/api/admin/gstr8?month=${month}`, admin)).body);
      expect(gstr8[1]).toMatch(/^27AAPFU0939F1ZV,/);
      expect(gstr8.join('\n')).not.toContain('27AAPFU0939F2ZU');
      // B2B: the recipient's GSTIN is the one on the invoice too.
      const b2b = rows((await get(`/api/gst/gstr1?month=${month}&section=b2b`, seller)).body);
      expect(b2b[1]).toMatch(/^29AAGCB7383J1Z4,Acme Traders,/);
    } finally {
      await setGstin('27AAPFU0939F1ZV');
    }
  });
});

it('dates are India calendar dates', () => {
  expect(returnDate('2026-03-31T19:00:00Z')).toBe('01-Apr-2026');
});
