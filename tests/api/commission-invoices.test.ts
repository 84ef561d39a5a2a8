import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { indiaMonthOf, indiaMonthRange, previousMonth } from '#shared/gst-returns.ts';
import { taxDocumentSchema } from '#shared/schemas/gst.ts';
import {
  commissionRules,
  orderItems,
  returnRequests,
  shipments,
  taxDocuments,
} from '../../src/server/db/schema/index.ts';
import {
  issueCommissionInvoices,
  monthToInvoice,
} from '../../src/server/modules/commission-invoices/commission-invoices.service.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { createGstParties } from '../factories/gst.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createWho, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * The marketplace's monthly commission invoices (docs/decisions/0118-gst-returns-and-commission-invoices.md):
 * amounts to the paisa against a hand computation, CGST + SGST for a seller in the operator's state
 * (Karnataka, 29) and IGST for one elsewhere, a credit for returned units, idempotence, access.
 */

let t: TestContext;
let buyer: Who;
let admin: Who;
let karnataka: Who;
let maharashtra: Who;
let quiet: Who;
let tee: ProductRow;
let kurta: ProductRow;
let mug: ProductRow;
const thisMonth = indiaMonthOf(new Date());
const lastMonth = previousMonth(thisMonth);
/** Ten days into last month (India calendar). */
const inLastMonth = new Date(indiaMonthRange(lastMonth).start.getTime() + 10 * 86_400_000);
const admins = { id: null, role: 'admin' } as const;

const call = (method: 'GET' | 'POST', url: string, w?: Who, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: w ? authHeader(w.token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

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

/** A COD order delivered (at `deliveredAt`); its shipments. */
async function delivered(lines: { product: ProductRow; qty: number }[], deliveredAt: Date) {
  const o = await placeOrder(
    t.app,
    buyer.token,
    orderBody(
      lines.map((l) => ({ product: l.product.id, qty: l.qty })),
      { paymentMethod: 'CashOnDelivery' },
    ),
  );
  const rows = await t.db.select().from(shipments).where(eq(shipments.orderId, o._id));
  for (const s of rows) {
    await bringTo(s.id, ['accepted', 'packed', 'shipped', 'delivered']);
    await t.db.update(shipments).set({ deliveredAt }).where(eq(shipments.id, s.id));
  }
  return { orderId: o._id, shipments: rows };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ buyer, admin, karnataka, maharashtra } = await createGstParties(t.db, {
    karnataka: { name: 'Bengaluru Weaves', shop: { shopName: 'Commission K' }, postalCode: '560001' },
    maharashtra: { name: 'Pune Pottery', shop: { shopName: 'Commission M' } },
  }));
  quiet = await createWho(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Commission Q' } });
  tee = await createProduct(t.db, {
    sellerId: karnataka.user.id,
    price: '1000.00',
    percentageMarkup: '10',
    countInStock: 100,
  });
  kurta = await createProduct(t.db, {
    sellerId: karnataka.user.id,
    price: '1299.99',
    percentageMarkup: '12.5',
    countInStock: 100,
  });
  mug = await createProduct(t.db, {
    sellerId: maharashtra.user.id,
    price: '500.00',
    percentageMarkup: '10',
    countInStock: 100,
  });
  await createProduct(t.db, { sellerId: quiet.user.id, countInStock: 10 });

  // Last month: the Karnataka seller delivers tee ×2 and kurta ×3; the Maharashtra seller mug ×1.
  const k = await delivered(
    [
      { product: tee, qty: 2 },
      { product: kurta, qty: 3 },
    ],
    inLastMonth,
  );
  await delivered([{ product: mug, qty: 1 }], inLastMonth);
  // This month: more of the Karnataka seller's, not on last month's invoice.
  await delivered([{ product: tee, qty: 5 }], new Date());
  // One kurta came back last month.
  const [kurtaLine] = await t.db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, k.orderId), eq(orderItems.productId, kurta.id)));
  await t.db.insert(returnRequests).values({
    orderId: k.orderId,
    shipmentId: k.shipments[0]!.id,
    orderItemId: kurtaLine!.id,
    sellerId: karnataka.user.id,
    buyerId: buyer.user.id,
    kind: 'return',
    qty: 1,
    reason: 'damaged',
    state: 'received',
    receivedAt: inLastMonth,
  });
});
afterAll(async () => t?.close());

type Summary = {
  _id: string;
  sellerId: string;
  number: string;
  taxableValue: number;
  tax: number;
  total: number;
  kind: string;
};

describe('POST /api/admin/commission-invoices', () => {
  let first: Summary[];

  it('issues one invoice per seller with commission, to the paisa', async () => {
    const res = await call('POST', '/api/admin/commission-invoices', admin, { month: lastMonth });
    expect(res.statusCode, res.body).toBe(200);
    first = (res.json() as { documents: Summary[] }).documents;
    expect(first.map((d) => d.sellerId).sort()).toEqual([karnataka.user.id, maharashtra.user.id].sort());
    expect(
      first.every((d) => d.kind === 'commission_invoice' && /^HC\/\d\d-\d\d\/\d{6}$/.test(d.number)),
    ).toBe(true);
    const k = first.find((d) => d.sellerId === karnataka.user.id)!;
    // Tee: 2 × 1000 at 10 % = 200.00. Kurta: 3 × 1299.99 = 3899.97, seller keeps 87.5 % = 3412.47375 →
    // 3412.47, commission 487.50. Charged 687.50; credited 1 kurta: 1299.99 − 1137.49 = 162.50. Net 525.00.
    // CGST 9 %: 687.50 → 61.875 → 61.88; credit 162.50 → 14.625 → 14.63; so 47.25 each, tax 94.50.
    expect(k).toMatchObject({ taxableValue: 525, tax: 94.5, total: 619.5 });
    // Mug: 500 at 10 % = 50.00; IGST 18 % = 9.00.
    expect(first.find((d) => d.sellerId === maharashtra.user.id)).toMatchObject({
      taxableValue: 50,
      tax: 9,
      total: 59,
    });
  });

  it('writes the document: operator to seller, SAC 998599, CGST + SGST within Karnataka, a credit line', async () => {
    const k = first.find((d) => d.sellerId === karnataka.user.id)!;
    const [row] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, k._id));
    expect(row).toMatchObject({
      kind: 'commission_invoice',
      cause: `commission:${karnataka.user.id}:${lastMonth}`,
      sellerId: karnataka.user.id,
      orderId: null,
      placeOfSupply: '29',
      recipientGstin: '29AAGCB7383J1Z4',
      taxableValue: '525.00',
      cgst: '47.25',
      sgst: '47.25',
      igst: '0.00',
      total: '619.50',
    });
    const doc = taxDocumentSchema.parse(row!.content);
    expect(doc._id).toBe(k._id);
    expect(doc.supplier).toMatchObject({
      name: 'Haat Marketplace Private Limited',
      gstin: '29AAGCB7383J1Z4',
      stateCode: '29',
    });
    expect(doc.title).toBe('Tax Invoice (Commission and Fees)');
    // The recipient's address is written as on every tax document (city and PIN together).
    expect(doc.recipient).toMatchObject({
      name: 'Bengaluru Weaves',
      address: '12 MG Road, Bengaluru 560001, Karnataka, India',
      gstin: '29AAGCB7383J1Z4',
      stateName: 'Karnataka',
    });
    expect(doc).toMatchObject({
      period: lastMonth,
      intraState: true,
      ecommerceOperator: null,
      orderId: null,
    });
    expect(
      doc.lines.map((l) => [l.hsn, l.unit, l.taxableValue, l.cgstRate, l.cgst, l.sgst, l.igst, l.total]),
    ).toEqual([
      ['998599', 'NOS', 687.5, '9', 61.88, 61.88, 0, 811.26],
      ['998599', 'NOS', -162.5, '9', -14.63, -14.63, 0, -191.76],
    ]);
    expect(doc.totals).toMatchObject({
      taxableValue: 525,
      cgst: 47.25,
      sgst: 47.25,
      igst: 0,
      tax: 94.5,
      total: 619.5,
    });
    expect(doc.totals.totalInWords).toBe('Rupees Six Hundred Nineteen and Paise Fifty Only');

    const m = first.find((d) => d.sellerId === maharashtra.user.id)!;
    const mdoc = taxDocumentSchema.parse(
      (await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, m._id)))[0]!.content,
    );
    expect(mdoc).toMatchObject({
      intraState: false,
      placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
    });
    expect(mdoc.lines).toHaveLength(1);
    expect(mdoc.lines[0]).toMatchObject({ taxableValue: 50, igstRate: '18', igst: 9, cgst: 0, sgst: 0 });
  });

  it('is idempotent: a second run answers the same invoices and issues nothing new', async () => {
    const again = await call('POST', '/api/admin/commission-invoices', admin, { month: lastMonth });
    expect(again.statusCode).toBe(200);
    const docs = (again.json() as { documents: Summary[] }).documents;
    expect(docs.map((d) => d._id).sort()).toEqual(first.map((d) => d._id).sort());
    const direct = await issueCommissionInvoices({ db: t.db }, lastMonth);
    expect(direct.map((d) => d.number).sort()).toEqual(first.map((d) => d.number).sort());
    const all = await t.db.select().from(taxDocuments).where(eq(taxDocuments.kind, 'commission_invoice'));
    expect(all).toHaveLength(2);
  });

  it('issues nothing for a month without deliveries', async () => {
    const res = await call('POST', '/api/admin/commission-invoices', admin, {
      month: previousMonth(lastMonth),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().documents).toEqual([]);
  });

  it('refuses a month that has not ended, and anyone but Admin', async () => {
    const now = await call('POST', '/api/admin/commission-invoices', admin, { month: thisMonth });
    expect(now.statusCode).toBe(400);
    expect(now.json().message).toBe('Commission invoices are issued for a month that has ended');
    expect(
      (await call('POST', '/api/admin/commission-invoices', admin, { month: '2026-1' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/admin/commission-invoices', karnataka, { month: lastMonth })).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/admin/commission-invoices', undefined, { month: lastMonth })).statusCode,
    ).toBe(401);
  });

  it('the seller reads its own commission invoice; another seller gets 404', async () => {
    const k = first.find((d) => d.sellerId === karnataka.user.id)!;
    const own = await call('GET', `/api/tax-documents/${k._id}`, karnataka);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ kind: 'commission_invoice', number: k.number, period: lastMonth });
    expect((await call('GET', `/api/tax-documents/${k._id}`, maharashtra)).statusCode).toBe(404);
    const list = await call('GET', `/api/seller/tax-documents?kind=commission_invoice`, karnataka);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().documents.map((d: Summary) => d._id)).toEqual([k._id]);
  });
});

it('the timer invoices last month', () => {
  expect(monthToInvoice(new Date('2026-12-01T00:10:00+05:30'))).toBe('2026-11');
  expect(monthToInvoice(new Date('2027-01-15T12:00:00Z'))).toBe('2026-12');
});

it('charges the commission the ledger recorded under a commission rule, not the category markup', async () => {
  const ruled = await createWho(t.db, {
    roles: ['Seller-Company'],
    businessRegistrationCode: '27AAPFU0939F1ZV',
    state: 'Maharashtra',
    shop: { shopName: 'Commission R' },
  });
  await t.db.insert(commissionRules).values({
    sellerId: ruled.user.id,
    kind: 'fixed',
    fixedPaise: 4_000,
    effectiveFrom: '2020-01-01',
  });
  const plate = await createProduct(t.db, {
    sellerId: ruled.user.id,
    price: '500.00',
    percentageMarkup: '10',
    countInStock: 10,
  });
  await delivered([{ product: plate, qty: 3 }], inLastMonth);
  const res = await call('POST', '/api/admin/commission-invoices', admin, { month: lastMonth });
  expect(res.statusCode, res.body).toBe(200);
  // ₹40.00 per unit × 3 = ₹120.00 (the 10 % markup would be ₹150.00); IGST 18 % = ₹21.60.
  expect(
    (res.json() as { documents: Summary[] }).documents.find((d) => d.sellerId === ruled.user.id),
  ).toMatchObject({ taxableValue: 120, tax: 21.6, total: 141.6 });

  // A 0 % promotion: the ledger charged nothing, so there is nothing to invoice (not the 10 % markup).
  const promo = await createWho(t.db, {
    roles: ['Seller-Company'],
    businessRegistrationCode: '27AAPFU0939F1ZV',
    state: 'Maharashtra',
    shop: { shopName: 'Commission Z' },
  });
  await t.db.insert(commissionRules).values({
    sellerId: promo.user.id,
    kind: 'percent',
    percent: '0',
    effectiveFrom: '2020-01-01',
  });
  const cup = await createProduct(t.db, {
    sellerId: promo.user.id,
    price: '500.00',
    percentageMarkup: '10',
    countInStock: 10,
  });
  await delivered([{ product: cup, qty: 3 }], inLastMonth);
  const again = await call('POST', '/api/admin/commission-invoices', admin, { month: lastMonth });
  expect(
    (again.json() as { documents: Summary[] }).documents.find((d) => d.sellerId === promo.user.id),
  ).toBeUndefined();
});
