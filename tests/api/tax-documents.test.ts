import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import type { TaxDocument, TaxDocumentSummary } from '#shared/schemas/gst.ts';
import {
  deliverySettings,
  gstSettings,
  orderItems,
  productVariants,
  returnRequests,
  shipments,
  taxDocuments,
  taxDocumentSeries,
  users,
} from '../../src/server/db/schema/index.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { sandboxSecret } from '../../src/server/modules/payments/providers.ts';
import { paymentSignature } from '../../src/server/modules/payments/razorpay-signature.ts';
import { issueDocument } from '../../src/server/modules/tax-documents/documents.repo.ts';
import { issueInvoice } from '../../src/server/modules/tax-documents/tax-documents.service.ts';
import { createCategory, createProduct, type ProductRow } from '../factories/catalog.ts';
import { orderBody, placeOrder, postOrder } from '../factories/orders.ts';
import { authHeader, createWho, type UserOverrides, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * Tax invoices and credit notes (docs/decisions/0117-tax-invoices-and-credit-notes.md): one invoice per
 * shipment from its seller with Rule 46's contents, CGST + SGST within the state or IGST across, gap-free
 * numbers per seller under concurrency and rollback, once per cause, 'invoice on order' mode, credit notes
 * for a cancellation after invoicing and for a return, the PDF's text, and who may read what.
 */

let t: TestContext;
let buyer: Who;
let otherBuyer: Who;
let sellerMh: Who;
let sellerKa: Who;
let otherSeller: Who;
let admin: Who;
let kurta: ProductRow;
let juttis: ProductRow;

const MH_GSTIN = '27AAPFU0939F1ZV';
const KA_GSTIN = '29AABCT1332L1ZA';
const BUYER_GSTIN = '27AAACR5055K1Z7';
const who = (overrides: UserOverrides = {}) => createWho(t.db, overrides);

beforeAll(async () => {
  t = await createTestApp();
  buyer = await who({ name: 'Asha Rao' });
  otherBuyer = await who({ name: 'Bina' });
  sellerMh = await who({
    name: 'Meera Textiles LLP',
    roles: ['Seller-Company'],
    shop: { shopName: 'Meera Kurtas' },
    businessRegistrationCode: MH_GSTIN,
    address: '4 Linking Road',
    city: 'Mumbai',
    state: 'Maharashtra',
    postalCode: '400050',
  });
  sellerKa = await who({
    name: 'Kaveri Footwear Pvt Ltd',
    roles: ['Seller-Company'],
    shop: { shopName: 'Kaveri Juttis' },
    businessRegistrationCode: KA_GSTIN,
    address: '8 Commercial Street',
    city: 'Bengaluru',
    state: 'Karnataka',
    postalCode: '560001',
  });
  otherSeller = await who({ roles: ['Seller-Company'], shop: { shopName: 'Someone Else' } });
  admin = await who({ roles: ['Admin'] });
  // Kurtas (HSN 6211) at ₹1,999 a piece: 5%. Juttis (HSN 6403) at ₹3,499 a pair: 18%.
  const apparel = await createCategory(t.db, { hsn: '6211', tax: '5' });
  const footwear = await createCategory(t.db, {
    subCategory: 'Men Footwear',
    hsn: '6403',
    tax: '18',
  });
  kurta = await createProduct(t.db, {
    sellerId: sellerMh.user.id,
    name: 'Chikankari Kurta',
    price: '1999.00',
    categoryId: apparel.id,
    countInStock: 200,
  });
  juttis = await createProduct(t.db, {
    sellerId: sellerKa.user.id,
    name: 'Leather Juttis',
    price: '3499.00',
    categoryId: footwear.id,
    sizes: ['8', '9'],
    countInStock: 200,
  });
  // Many cash-on-delivery orders of one buyer in this file.
  await t.db.update(deliverySettings).set({ maxOpenCodOrders: 1000, maxOpenCodUnits: 10000 });
});
afterAll(async () => t?.close());

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  by: Who | null,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: by ? authHeader(by.token) : {}, ...(payload ? { payload } : {}) });

async function payWithRazorPay(orderId: string, by: Who = buyer) {
  const created = await call('POST', '/api/orders/RazorPay', by, { orderId });
  expect(created.statusCode, created.body).toBe(200);
  const rzOrderId = created.json().razor_order_id as string;
  const paymentId = `pay_T${Math.random().toString(36).slice(2, 12)}`;
  const paid = await call('PUT', `/api/orders/${orderId}/RazorPay/pay`, by, {
    razorpay_order_id: rzOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(rzOrderId, paymentId, sandboxSecret(t.config, 'razorpay-key')),
  });
  expect(paid.statusCode, paid.body).toBe(200);
}

const COURIER = { id: null, role: 'courier' as const };

/** Moves a shipment through the steps up to `to`, each in its own transaction, as its seller (the courier delivers). */
async function advance(
  shipmentId: string,
  sellerId: string,
  to: ShipmentState,
  from: ShipmentState = 'placed',
) {
  const path: ShipmentState[] = ['placed', 'accepted', 'packed', 'shipped', 'delivered'];
  for (const step of path.slice(path.indexOf(from) + 1, path.indexOf(to) + 1)) {
    await t.db.transaction((tx) =>
      moveShipment(tx, {
        shipmentId,
        to: step,
        actor: step === 'delivered' ? COURIER : { id: sellerId, role: 'seller' },
        ...(step === 'shipped' ? { set: { courier: 'Delhivery', trackingNumber: '1234567890123' } } : {}),
      }),
    );
  }
}

async function shipmentOf(orderId: string, sellerId: string) {
  const [s] = await t.db
    .select()
    .from(shipments)
    .where(
      and(eq(shipments.orderId, orderId), eq(shipments.sellerId, sellerId), eq(shipments.kind, 'order')),
    );
  return s!;
}

const listOf = async (orderId: string, by: Who | null) =>
  call('GET', `/api/orders/${orderId}/tax-documents`, by);
const docsOf = async (orderId: string, by: Who = admin): Promise<TaxDocumentSummary[]> => {
  const res = await listOf(orderId, by);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().documents;
};
const jsonOf = async (id: string, by: Who = admin): Promise<TaxDocument> => {
  const res = await call('GET', `/api/tax-documents/${id}`, by);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
async function pdfTextOf(id: string, by: Who = buyer): Promise<string> {
  const res = await call('GET', `/api/tax-documents/${id}/pdf`, by);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
    mergePages: true,
  });
  return text;
}

async function withInvoiceOn<T>(mode: 'shipped' | 'placed', run: () => Promise<T>): Promise<T> {
  await t.db.update(gstSettings).set({ invoiceOn: mode });
  try {
    return await run();
  } finally {
    await t.db.update(gstSettings).set({ invoiceOn: 'shipped' });
  }
}

/** A cash-on-delivery order of one kurta line (qty) for seller MH, to Pune. */
const codKurtaOrder = (qty = 1, by: Who = buyer) =>
  placeOrder(
    t.app,
    by.token,
    orderBody([{ product: kurta.id, size: 'M', qty }], { paymentMethod: 'CashOnDelivery' }),
  );

// ---------------------------------------------------------------------------------------------------------

describe('a tax invoice per shipment, from its seller', () => {
  let orderId: string;
  let orderNumber: string;
  let mhInvoice: TaxDocument;
  let kaInvoice: TaxDocument;

  it('an order with a seller in the buyer’s state and one outside: no documents until shipped', async () => {
    const order = await placeOrder(
      t.app,
      buyer.token,
      orderBody(
        [
          { product: kurta.id, size: 'M', qty: 2 },
          { product: juttis.id, size: '8', qty: 1 },
        ],
        { buyerGstin: BUYER_GSTIN, buyerBusinessName: 'Rao Traders' } as never,
      ),
    );
    orderId = order._id;
    orderNumber = order.orderNumber;
    await payWithRazorPay(orderId);
    expect(await docsOf(orderId)).toEqual([]);
    await advance((await shipmentOf(orderId, sellerMh.user.id)).id, sellerMh.user.id, 'packed');
    expect(await docsOf(orderId)).toEqual([]);
  });

  it('shipping each parcel issues its seller’s invoice INV/26-27/000001 with the right tax split', async () => {
    await advance((await shipmentOf(orderId, sellerMh.user.id)).id, sellerMh.user.id, 'shipped', 'packed');
    await advance((await shipmentOf(orderId, sellerKa.user.id)).id, sellerKa.user.id, 'shipped');
    const list = await docsOf(orderId);
    expect(list).toHaveLength(2);
    const mh = list.find((d) => d.sellerId === sellerMh.user.id)!;
    const ka = list.find((d) => d.sellerId === sellerKa.user.id)!;
    expect(mh).toMatchObject({
      kind: 'invoice',
      sellerName: 'Meera Kurtas',
      orderNumber,
      taxableValue: 3998,
    });
    // Numbers are per seller: each starts at 1 in the financial year of today.
    expect(mh.number).toMatch(/^INV\/\d{2}-\d{2}\/000001$/);
    expect(ka.number).toMatch(/^INV\/\d{2}-\d{2}\/000001$/);

    mhInvoice = await jsonOf(mh._id);
    kaInvoice = await jsonOf(ka._id);

    // Within Maharashtra: 2 × 1,999.00 = 3,998.00 at 5% → CGST 99.95 + SGST 99.95.
    expect(mhInvoice).toMatchObject({
      _id: mh._id,
      kind: 'invoice',
      title: 'Tax Invoice',
      number: mh.number,
      orderId,
      orderNumber,
      intraState: true,
      reverseCharge: false,
      currency: 'INR',
      placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
      supplier: {
        name: 'Meera Textiles LLP',
        businessName: 'Meera Kurtas',
        gstin: MH_GSTIN,
        stateCode: '27',
        stateName: 'Maharashtra',
      },
      recipient: { name: expect.any(String), businessName: 'Rao Traders', gstin: BUYER_GSTIN },
      ecommerceOperator: { legalName: 'Haat Marketplace Private Limited', gstin: '29AAGCB7383J1Z4' },
      refersTo: null,
    });
    expect(mhInvoice.supplier.address).toBe('4 Linking Road, Mumbai 400050, Maharashtra, India');
    expect(mhInvoice.recipient.address).toContain('Pune');
    expect(mhInvoice.lines).toEqual([
      {
        description: expect.stringMatching(/^Chikankari Kurta \(size M/),
        hsn: '6211',
        qty: 2,
        unit: 'PCS',
        unitPrice: 1999,
        discount: 0,
        taxableValue: 3998,
        rate: '5',
        cgstRate: '2.5',
        cgst: 99.95,
        sgstRate: '2.5',
        sgst: 99.95,
        igstRate: '0',
        igst: 0,
        total: 4197.9,
      },
    ]);
    expect(mhInvoice.totals).toEqual({
      taxableValue: 3998,
      discount: 0,
      cgst: 99.95,
      sgst: 99.95,
      igst: 0,
      tax: 199.9,
      total: 4197.9,
      totalInWords: 'Rupees Four Thousand One Hundred Ninety-Seven and Paise Ninety Only',
    });

    // Karnataka to Maharashtra: 3,499.00 at 18% → IGST 629.82; a pair of shoes is 1 PRS.
    expect(kaInvoice).toMatchObject({
      intraState: false,
      placeOfSupply: { stateCode: '27', stateName: 'Maharashtra' },
      supplier: { gstin: KA_GSTIN, stateCode: '29', stateName: 'Karnataka' },
    });
    expect(kaInvoice.lines[0]).toMatchObject({
      hsn: '6403',
      qty: 1,
      unit: 'PRS',
      taxableValue: 3499,
      rate: '18',
      cgst: 0,
      sgst: 0,
      igstRate: '18',
      igst: 629.82,
      total: 4128.82,
    });
    expect(kaInvoice.totals).toMatchObject({
      igst: 629.82,
      tax: 629.82,
      total: 4128.82,
      totalInWords: 'Rupees Four Thousand One Hundred Twenty-Eight and Paise Eighty-Two Only',
    });

    // The invoice carries the tax the order stored, to the paisa.
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const mhLine = lines.find((l) => l.sellerId === sellerMh.user.id)!;
    expect([mhLine.cgst, mhLine.sgst, mhLine.igst]).toEqual(['99.95', '99.95', '0.00']);
  });

  it('the PDF has the number, the GSTINs, the place of supply and the reverse charge line', async () => {
    const text = await pdfTextOf(mhInvoice._id);
    for (const s of [
      'Tax Invoice',
      mhInvoice.number,
      MH_GSTIN,
      BUYER_GSTIN,
      '29AAGCB7383J1Z4',
      'Place of supply: Maharashtra (27)',
      'Tax is payable on reverse charge: No',
      'E-commerce operator: Haat Marketplace Private Limited',
      'Rupees Four Thousand One Hundred Ninety-Seven and Paise Ninety Only',
      'Meera Textiles LLP',
      '6211',
      '4,197.90',
    ])
      expect(text).toContain(s);
    const ka = await pdfTextOf(kaInvoice._id, sellerKa);
    expect(ka).toContain('IGST');
    expect(ka).toContain('629.82');
    const res = await call('GET', `/api/tax-documents/${mhInvoice._id}/pdf`, admin);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${mhInvoice.number.replace(/\//g, '-')}.pdf"`,
    );
  });

  it("the PDF's labels follow the reader's language (haat_lang cookie, else Accept-Language); its content does not", async () => {
    const textWith = async (headers: Record<string, string>) => {
      const res = await t.app.inject({
        url: `/api/tax-documents/${mhInvoice._id}/pdf`,
        headers: { ...authHeader(buyer.token), ...headers },
      });
      expect(res.statusCode).toBe(200);
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
        mergePages: true,
      });
      // Extraction guesses spaces where the font changes (Devanagari and Latin runs).
      return text.normalize('NFC').replace(/\s+/g, '');
    };
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    for (const hi of [
      await textWith({ cookie: 'haat_lang=hi' }),
      await textWith({ 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' }),
    ]) {
      expect(hi).toContain(squeeze(`बीजक संख्या: ${mhInvoice.number}`));
      expect(hi).toContain(squeeze('कर बीजक (Tax Invoice)'));
      expect(hi).toContain(squeeze('कुल कर योग्य मूल्य'));
      for (const s of [MH_GSTIN, BUYER_GSTIN, '6211', '4,197.90', 'Meera Textiles LLP'])
        expect(hi).toContain(squeeze(s));
      expect(hi).not.toContain('Invoicenumber');
    }
    // The switch's choice beats the browser's.
    const en = await textWith({ cookie: 'haat_lang=en', 'accept-language': 'hi' });
    expect(en).toContain(squeeze(`Invoice number: ${mhInvoice.number}`));
  });

  it('who may read: the buyer, each seller its own, Admin; anybody else 404; signed out 401', async () => {
    expect((await docsOf(orderId, buyer)).map((d) => d.number)).toHaveLength(2);
    expect((await docsOf(orderId, sellerMh)).map((d) => d._id)).toEqual([mhInvoice._id]);
    expect((await docsOf(orderId, sellerKa)).map((d) => d._id)).toEqual([kaInvoice._id]);
    expect((await listOf(orderId, otherSeller)).statusCode).toBe(404);
    expect((await listOf(orderId, otherBuyer)).statusCode).toBe(404);
    expect((await listOf(orderId, null)).statusCode).toBe(401);

    for (const path of ['', '/pdf']) {
      const url = (id: string) => `/api/tax-documents/${id}${path}`;
      expect((await call('GET', url(mhInvoice._id), buyer)).statusCode).toBe(200);
      expect((await call('GET', url(mhInvoice._id), sellerMh)).statusCode).toBe(200);
      expect((await call('GET', url(mhInvoice._id), admin)).statusCode).toBe(200);
      expect((await call('GET', url(mhInvoice._id), sellerKa)).statusCode).toBe(404);
      expect((await call('GET', url(mhInvoice._id), otherSeller)).statusCode).toBe(404);
      expect((await call('GET', url(mhInvoice._id), otherBuyer)).statusCode).toBe(404);
      expect((await call('GET', url(mhInvoice._id), null)).statusCode).toBe(401);
      expect((await call('GET', url('00000000-0000-4000-8000-000000000000'), admin)).statusCode).toBe(404);
    }

    // An inactive seller holds no power, not even over its own documents.
    await t.db.update(users).set({ active: false }).where(eq(users.id, sellerMh.user.id));
    try {
      expect((await call('GET', `/api/tax-documents/${mhInvoice._id}`, sellerMh)).statusCode).toBe(404);
      expect((await call('GET', `/api/tax-documents/${mhInvoice._id}/pdf`, sellerMh)).statusCode).toBe(404);
      expect((await listOf(orderId, sellerMh)).statusCode).toBe(404);
    } finally {
      await t.db.update(users).set({ active: true }).where(eq(users.id, sellerMh.user.id));
    }
    expect((await call('GET', `/api/tax-documents/${mhInvoice._id}`, sellerMh)).statusCode).toBe(200);
  });

  it("lists: the seller's own by month and kind, Admin's by seller", async () => {
    const month = mhInvoice.issuedAt.slice(0, 7);
    const mine = await call('GET', `/api/seller/tax-documents?month=${month}&kind=invoice`, sellerMh);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().documents.map((d: TaxDocumentSummary) => d.sellerId)).not.toContain(sellerKa.user.id);
    expect(mine.json().documents.map((d: TaxDocumentSummary) => d._id)).toContain(mhInvoice._id);
    expect((await call('GET', '/api/seller/tax-documents?month=2020-01', sellerMh)).json().documents).toEqual(
      [],
    );
    expect((await call('GET', '/api/seller/tax-documents?month=2020-13', sellerMh)).statusCode).toBe(400);
    expect((await call('GET', '/api/seller/tax-documents', buyer)).statusCode).toBe(403);

    const all = await call('GET', `/api/tax-documents?month=${month}&seller=${sellerKa.user.id}`, admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().documents.map((d: TaxDocumentSummary) => d._id)).toEqual([kaInvoice._id]);
    expect((await call('GET', '/api/tax-documents', sellerMh)).statusCode).toBe(403);
    expect((await call('GET', '/api/tax-documents', null)).statusCode).toBe(401);
  });

  it('issuing twice for one cause returns the first document and takes no number', async () => {
    const again = await t.db.transaction((tx) => issueInvoice(tx, mhInvoice.shipmentId!, new Date()));
    expect(again?.id).toBe(mhInvoice._id);
    expect(again?.number).toBe(mhInvoice.number);
    const rows = await t.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.shipmentId, mhInvoice.shipmentId!));
    expect(rows).toHaveLength(1);
  });
});

describe('numbers: gap-free per seller and financial year', () => {
  it('20 shipments of one seller shipped at once get serials 1..20, no gap, no duplicate', async () => {
    const seller = await who({
      name: 'Busy Seller',
      roles: ['Seller-Company'],
      shop: { shopName: 'Busy Shop' },
      state: 'Maharashtra',
    });
    const product = await createProduct(t.db, {
      sellerId: seller.user.id,
      price: '799.00',
      countInStock: 100,
    });
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const order = await placeOrder(
        t.app,
        buyer.token,
        orderBody([{ product: product.id, size: 'M' }], { paymentMethod: 'CashOnDelivery' }),
      );
      const s = await shipmentOf(order._id, seller.user.id);
      await advance(s.id, seller.user.id, 'packed');
      ids.push(s.id);
    }
    // Twenty separate API calls, all at once.
    const shipped = await Promise.all(
      ids.map((id) =>
        call('PUT', `/api/shipments/${id}/ship`, seller, {
          courier: 'Delhivery',
          trackingNumber: '1234567890123',
        }),
      ),
    );
    expect(shipped.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const rows = await t.db
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.sellerId, seller.user.id), eq(taxDocuments.kind, 'invoice')));
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.serial).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    expect(new Set(rows.map((r) => r.shipmentId))).toEqual(new Set(ids));
    // An unregistered seller: no GSTIN, the state from its address.
    const one = await jsonOf(rows[0]!.id);
    expect(one.supplier).toMatchObject({ gstin: null, stateCode: '27' });
    expect(await pdfTextOf(one._id, seller)).toContain('GSTIN: Unregistered');
  });

  it('a transaction that rolls back after taking a number leaves no gap', async () => {
    const a = await codKurtaOrder();
    const b = await codKurtaOrder();
    const sa = await shipmentOf(a._id, sellerMh.user.id);
    const sb = await shipmentOf(b._id, sellerMh.user.id);
    await advance(sa.id, sellerMh.user.id, 'packed');
    await advance(sb.id, sellerMh.user.id, 'packed');
    const series = async () =>
      (await t.db.select().from(taxDocumentSeries)).find((r) =>
        r.scope.startsWith(`seller:${sellerMh.user.id}:invoice:`),
      )?.last ?? 0;
    const before = await series();
    await expect(
      t.db.transaction(async (tx) => {
        await moveShipment(tx, {
          shipmentId: sa.id,
          to: 'shipped',
          actor: { id: sellerMh.user.id, role: 'seller' },
          set: { courier: 'Delhivery', trackingNumber: '1234567890123' },
        });
        expect(
          (await tx.select().from(taxDocuments).where(eq(taxDocuments.shipmentId, sa.id)))[0]?.serial,
        ).toBe(before + 1);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await series()).toBe(before);
    expect(await t.db.select().from(taxDocuments).where(eq(taxDocuments.shipmentId, sa.id))).toEqual([]);
    await advance(sb.id, sellerMh.user.id, 'shipped', 'packed');
    const [doc] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.shipmentId, sb.id));
    expect(doc?.serial).toBe(before + 1);
  });
});

describe("'invoice on order' mode and credit notes", () => {
  it('a cash-on-delivery order is invoiced when placed; cancelling it then gives a credit note against the invoice', async () => {
    await withInvoiceOn('placed', async () => {
      const order = await codKurtaOrder(3);
      const [invoice] = await docsOf(order._id, buyer);
      expect(invoice).toMatchObject({ kind: 'invoice', taxableValue: 5997, invoiceId: null });
      const s = await shipmentOf(order._id, sellerMh.user.id);
      // Shipping later does not issue a second invoice.
      await advance(s.id, sellerMh.user.id, 'packed');
      const cancelled = await call('PUT', `/api/shipments/${s.id}/cancel`, buyer, {});
      expect(cancelled.statusCode, cancelled.body).toBe(200);

      const docs = await docsOf(order._id, buyer);
      expect(docs.map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
      const credit = docs.find((d) => d.kind === 'credit_note')!;
      expect(credit.number).toMatch(/^CN\/\d{2}-\d{2}\/000001$/);
      expect(credit.invoiceId).toBe(invoice!._id);
      const content = await jsonOf(credit._id, sellerMh);
      const inv = await jsonOf(invoice!._id, sellerMh);
      expect(content).toMatchObject({
        kind: 'credit_note',
        title: 'Credit Note',
        refersTo: { _id: invoice!._id, number: invoice!.number, issuedAt: inv.issuedAt },
        reason: 'Cancelled',
      });
      // A whole cancellation cancels the invoice to the paisa: 5,997.00 at 5%, 149.93 + 149.93.
      expect(content.lines).toEqual(inv.lines);
      expect(content.totals).toEqual(inv.totals);
      expect(content.totals).toMatchObject({ cgst: 149.93, sgst: 149.93, total: 6296.86 });
      const text = await pdfTextOf(credit._id);
      expect(text).toContain('Credit Note');
      expect(text).toContain(`Against invoice ${invoice!.number} dated`);
      expect(text).toContain('Tax is payable on reverse charge: No');
    });
  });

  it('two-seller cash-on-delivery orders placed and cancelled at once never deadlock: series rows are taken in seller-id order', async () => {
    await withInvoiceOn('placed', async () => {
      // Each order has a line of both sellers, of products of its own (orders sharing a product wait for
      // each other on its stock, which would hide the series rows); half list them one way round.
      const productOf = (sellerId: string, categoryId: string) =>
        createProduct(t.db, { sellerId, price: '999.00', categoryId, sizes: ['M'], countInStock: 5 });
      const bodies = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const lines = [
            { product: (await productOf(sellerMh.user.id, kurta.categoryId)).id, size: 'M' },
            { product: (await productOf(sellerKa.user.id, juttis.categoryId)).id, size: 'M' },
          ];
          return orderBody(i % 2 ? lines.reverse() : lines, { paymentMethod: 'CashOnDelivery' });
        }),
      );
      // A buyer's cash-on-delivery orders are placed one at a time (its limits), so each order has its own buyer.
      const buyers = await Promise.all(bodies.map((_, i) => who({ name: `Buyer ${i}` })));
      const placed = await Promise.all(bodies.map((b, i) => postOrder(t.app, buyers[i]!.token, b)));
      expect(placed.map((r) => r.statusCode)).toEqual(placed.map(() => 201));
      const ids = placed.map((r) => r.json()._id as string);
      for (const id of ids) expect((await docsOf(id)).map((d) => d.kind)).toEqual(['invoice', 'invoice']);

      const cancelled = await Promise.all(
        ids.map((id, i) => call('PUT', `/api/orders/${id}/cancel`, buyers[i]!, {})),
      );
      expect(cancelled.map((r) => r.statusCode)).toEqual(cancelled.map(() => 200));
      for (const id of ids)
        expect((await docsOf(id)).filter((d) => d.kind === 'credit_note')).toHaveLength(2);
    });
  });

  it("in 'shipped' mode a cancellation before shipping has no invoice and gets no credit note", async () => {
    const order = await codKurtaOrder();
    const s = await shipmentOf(order._id, sellerMh.user.id);
    expect((await call('PUT', `/api/shipments/${s.id}/cancel`, buyer, {})).statusCode).toBe(200);
    expect(await docsOf(order._id)).toEqual([]);
  });

  it('a parcel returned to origin after shipping gets a credit note for everything', async () => {
    const order = await codKurtaOrder(2);
    const s = await shipmentOf(order._id, sellerMh.user.id);
    await advance(s.id, sellerMh.user.id, 'shipped');
    const rto = await call('PUT', `/api/shipments/${s.id}/return-to-origin`, sellerMh);
    expect(rto.statusCode, rto.body).toBe(200);
    const docs = await docsOf(order._id);
    const credit = docs.find((d) => d.kind === 'credit_note')!;
    expect(credit).toMatchObject({ taxableValue: 3998, tax: 199.9, total: 4197.9 });
    expect((await jsonOf(credit._id)).reason).toMatch(/^Returned to seller/);
  });

  it('a return received gives a credit note for its units only, against the invoice', async () => {
    const order = await placeOrder(t.app, buyer.token, orderBody([{ product: kurta.id, size: 'M', qty: 3 }]));
    await payWithRazorPay(order._id);
    const s = await shipmentOf(order._id, sellerMh.user.id);
    await advance(s.id, sellerMh.user.id, 'delivered');
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    const asked = await call('POST', `/api/orders/${order._id}/returns`, buyer, {
      orderItem: line!.id,
      qty: 1,
      kind: 'return',
      reason: 'too_small',
      comment: 'Tight',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json()._id as string;
    expect((await call('PUT', `/api/returns/${id}/approve`, sellerMh)).statusCode).toBe(200);
    const [invoiceBefore] = await docsOf(order._id);
    expect(await docsOf(order._id)).toHaveLength(1);
    const received = await call('PUT', `/api/returns/${id}/receive`, sellerMh);
    expect(received.statusCode, received.body).toBe(200);

    const docs = await docsOf(order._id, buyer);
    const credit = docs.find((d) => d.kind === 'credit_note')!;
    expect(credit.invoiceId).toBe(invoiceBefore!._id);
    const content = await jsonOf(credit._id, buyer);
    // One of three kurtas: 1,999.00 at 5% → 49.975 → 49.98 each half.
    expect(content.lines).toEqual([
      expect.objectContaining({ qty: 1, taxableValue: 1999, cgst: 49.98, sgst: 49.98, total: 2098.96 }),
    ]);
    expect(content).toMatchObject({ reason: 'Returned', refersTo: { _id: invoiceBefore!._id } });
    const row = (await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, credit._id)))[0]!;
    expect(row).toMatchObject({ returnRequestId: id, cgst: '49.98', sgst: '49.98', total: '2098.96' });
  });
});

describe('the tax split is what the order stored', () => {
  it('a seller who gets a GSTIN in the delivery state after the order keeps its IGST on the invoice and every credit note', async () => {
    // No GSTIN and no Indian address when the order is placed: IGST is stored on the line.
    const seller = await who({
      name: 'Far Away Crafts',
      roles: ['Seller-Company'],
      shop: { shopName: 'Far Away' },
      country: 'Nepal',
      state: 'Bagmati',
      city: 'Kathmandu',
    });
    const product = await createProduct(t.db, {
      sellerId: seller.user.id,
      name: 'Pashmina Kurta',
      price: '1999.00',
      categoryId: kurta.categoryId,
      countInStock: 10,
    });
    const order = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: product.id, size: 'M', qty: 3 }]),
    );
    await payWithRazorPay(order._id);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    expect(line).toMatchObject({ supplierStateCode: null, cgst: '0.00', sgst: '0.00', igst: '299.85' });

    // Before shipping the seller registers in Maharashtra, the delivery state.
    await t.db
      .update(users)
      .set({ businessRegistrationCode: '27AAGCM1234F1ZS', country: 'India', state: 'Maharashtra' })
      .where(eq(users.id, seller.user.id));
    const s = await shipmentOf(order._id, seller.user.id);
    await advance(s.id, seller.user.id, 'delivered');
    const [invoiceRow] = await docsOf(order._id);
    const invoice = await jsonOf(invoiceRow!._id);
    expect(invoice.supplier).toMatchObject({ stateCode: '27', gstin: '27AAGCM1234F1ZS' });
    expect(invoice.intraState).toBe(false);
    expect(invoice.totals).toMatchObject({ taxableValue: 5997, cgst: 0, sgst: 0, igst: 299.85 });

    // One kurta back, then the other two: both credit notes stay IGST and add up to the invoice.
    for (const qty of [1, 2]) {
      const asked = await call('POST', `/api/orders/${order._id}/returns`, buyer, {
        orderItem: line!.id,
        qty,
        kind: 'return',
        reason: 'too_small',
        comment: 'Tight',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json()._id as string;
      expect((await call('PUT', `/api/returns/${id}/approve`, seller)).statusCode).toBe(200);
      const received = await call('PUT', `/api/returns/${id}/receive`, seller);
      expect(received.statusCode, received.body).toBe(200);
    }
    const credits = (await docsOf(order._id)).filter((d) => d.kind === 'credit_note');
    expect(credits).toHaveLength(2);
    const contents = await Promise.all(credits.map((c) => jsonOf(c._id)));
    for (const c of contents) {
      expect(c.intraState).toBe(false);
      expect(c.totals).toMatchObject({ cgst: 0, sgst: 0 });
    }
    const igst = contents.reduce((n, c) => n + Math.round(c.totals.igst * 100), 0);
    const taxable = contents.reduce((n, c) => n + Math.round(c.totals.taxableValue * 100), 0);
    expect(igst).toBe(29985);
    expect(taxable).toBe(599700);
  });
});

describe('units credited before are read from the credit notes', () => {
  it('a return whose request says more units than its credit note credited does not block the next credit', async () => {
    const order = await placeOrder(t.app, buyer.token, orderBody([{ product: kurta.id, size: 'M', qty: 3 }]));
    await payWithRazorPay(order._id);
    const s = await shipmentOf(order._id, sellerMh.user.id);
    await advance(s.id, sellerMh.user.id, 'delivered');
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    const returnUnits = async (qty: number, beforeReceiving?: () => Promise<unknown>) => {
      const asked = await call('POST', `/api/orders/${order._id}/returns`, buyer, {
        orderItem: line!.id,
        qty,
        kind: 'return',
        reason: 'too_small',
        comment: 'Tight',
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const id = asked.json()._id as string;
      expect((await call('PUT', `/api/returns/${id}/approve`, sellerMh)).statusCode).toBe(200);
      await beforeReceiving?.();
      expect((await call('PUT', `/api/returns/${id}/receive`, sellerMh)).statusCode).toBe(200);
      return id;
    };
    const first = await returnUnits(1);
    // The first request then says all three: only its credit note tells that one unit was credited.
    await returnUnits(2, () =>
      t.db.update(returnRequests).set({ qty: 3 }).where(eq(returnRequests.id, first)),
    );
    const credits = (await docsOf(order._id)).filter((d) => d.kind === 'credit_note');
    expect(credits.map((c) => c.taxableValue).sort()).toEqual([1999, 3998]);
  });
});

describe('exchanges', () => {
  it('an exchange whose new size ships gets no document; if that parcel comes back, the return gets its credit note', async () => {
    const order = await placeOrder(t.app, buyer.token, orderBody([{ product: kurta.id, size: 'M', qty: 2 }]));
    await payWithRazorPay(order._id);
    const s = await shipmentOf(order._id, sellerMh.user.id);
    await advance(s.id, sellerMh.user.id, 'delivered');
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    const [variantL] = await t.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, kurta.id), eq(productVariants.size, 'L')));
    const asked = await call('POST', `/api/orders/${order._id}/returns`, buyer, {
      orderItem: line!.id,
      qty: 1,
      kind: 'exchange',
      exchangeVariant: variantL!.id,
      reason: 'too_small',
      comment: 'One size up please',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const id = asked.json()._id as string;
    expect((await call('PUT', `/api/returns/${id}/approve`, sellerMh)).statusCode).toBe(200);
    const received = await call('PUT', `/api/returns/${id}/receive`, sellerMh);
    expect(received.json().state).toBe('exchanged');
    expect((await docsOf(order._id)).map((d) => d.kind)).toEqual(['invoice']);

    // The new size ships (no invoice for it) and is refused at the door.
    const [ex] = await t.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, order._id), eq(shipments.kind, 'exchange')));
    await advance(ex!.id, sellerMh.user.id, 'shipped');
    expect((await docsOf(order._id)).map((d) => d.kind)).toEqual(['invoice']);
    const rto = await call('PUT', `/api/shipments/${ex!.id}/return-to-origin`, sellerMh);
    expect(rto.statusCode, rto.body).toBe(200);
    const docs = await docsOf(order._id);
    const credit = docs.find((d) => d.kind === 'credit_note')!;
    expect(credit).toMatchObject({ taxableValue: 1999, tax: 99.96, shipmentId: s.id });
    const [row] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.id, credit._id));
    expect(row).toMatchObject({ cause: `credit:return:${id}`, returnRequestId: id });
  });
});

describe('commission invoices use the same routes', () => {
  it('its recipient seller and Admin read it as JSON and PDF; nobody else', async () => {
    const content = {
      title: 'Tax Invoice (Commission and Fees)',
      orderId: null,
      orderNumber: null,
      shipmentId: null,
      refersTo: null,
      reason: null,
      supplier: {
        name: 'Haat Marketplace Private Limited',
        businessName: null,
        address: '12 Residency Road, Bengaluru 560025',
        stateCode: '29',
        stateName: 'Karnataka',
        gstin: '29AAGCB7383J1Z4',
      },
      recipient: {
        name: 'Kaveri Footwear Pvt Ltd',
        businessName: 'Kaveri Juttis',
        address: '8 Commercial Street, Bengaluru 560001, Karnataka, India',
        stateCode: '29',
        stateName: 'Karnataka',
        gstin: KA_GSTIN,
      },
      placeOfSupply: { stateCode: '29', stateName: 'Karnataka' },
      intraState: true,
      reverseCharge: false,
      ecommerceOperator: null,
      period: '2026-10',
      lines: [
        {
          description: 'Marketplace commission, October 2026',
          hsn: '998599',
          qty: 1,
          unit: 'NOS',
          unitPrice: 1000,
          discount: 0,
          taxableValue: 1000,
          rate: '18',
          cgstRate: '9',
          cgst: 90,
          sgstRate: '9',
          sgst: 90,
          igstRate: '0',
          igst: 0,
          total: 1180,
        },
      ],
      totals: {
        taxableValue: 1000,
        discount: 0,
        cgst: 90,
        sgst: 90,
        igst: 0,
        tax: 180,
        total: 1180,
        totalInWords: 'Rupees One Thousand One Hundred Eighty Only',
      },
      currency: 'INR',
    };
    const doc = await t.db.transaction((tx) =>
      issueDocument(tx, {
        kind: 'commission_invoice',
        sellerId: sellerKa.user.id,
        cause: `commission:${sellerKa.user.id}:2026-10`,
        issuedAt: new Date('2026-11-01T00:30:00+05:30'),
        draft: async () => ({
          placeOfSupply: '29',
          recipientGstin: KA_GSTIN,
          taxableValue: '1000.00',
          cgst: '90.00',
          sgst: '90.00',
          igst: '0.00',
          total: '1180.00',
          content,
        }),
      }),
    );
    const id = doc!.id;
    expect((await jsonOf(id, sellerKa)).number).toMatch(/^HC\/26-27\/\d{6}$/);
    const text = await pdfTextOf(id, sellerKa);
    expect(text).toContain('Tax Invoice (Commission and Fees)');
    expect(text).toContain('Period: 2026-10');
    expect(text).toContain(KA_GSTIN);
    expect((await call('GET', `/api/tax-documents/${id}/pdf`, admin)).statusCode).toBe(200);
    for (const other of [sellerMh, buyer, otherSeller])
      expect((await call('GET', `/api/tax-documents/${id}`, other)).statusCode).toBe(404);
    const mine = await call(
      'GET',
      '/api/seller/tax-documents?month=2026-11&kind=commission_invoice',
      sellerKa,
    );
    expect(mine.json().documents).toEqual([
      expect.objectContaining({ _id: id, kind: 'commission_invoice', orderId: null, total: 1180, tax: 180 }),
    ]);
  });
});
