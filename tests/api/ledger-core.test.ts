import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import {
  ledgerEntries,
  orderItems,
  payoutAccounts,
  productVariants,
  settlementSettings,
  shipments,
} from '../../src/server/db/schema/index.ts';
import { failedExchangeCredits } from '../../src/server/modules/commission-invoices/commission-invoices.repo.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { entriesOfSellers } from '../../src/server/modules/settlements/ledger.repo.ts';
import { recordSale } from '../../src/server/modules/settlements/ledger.service.ts';
import { preparePayoutBatch, unpaidEntries } from '../../src/server/modules/settlements/payouts.repo.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { createGstParties } from '../factories/gst.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import { authHeader, createWho, type Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * The ledger's core (docs/decisions/0120-seller-ledger.md): delivery writes a shipment's entries once,
 * entries cannot be changed, money is held for the return window, and a payout claims what is payable.
 */

let t: TestContext;
let buyer: Who;
let admin: Who;
let seller: Who;
let kurta: ProductRow;
const admins = { id: null, role: 'admin' } as const;

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

beforeAll(async () => {
  t = await createTestApp();
  ({
    buyer,
    admin,
    karnataka: seller,
  } = await createGstParties(t.db, {
    karnataka: { name: 'Ledger Weaves', shop: { shopName: 'Ledger K' } },
    maharashtra: { name: 'Ledger Pottery', shop: { shopName: 'Ledger M' } },
  }));
  kurta = await createProduct(t.db, {
    sellerId: seller.user.id,
    price: '1000.00',
    percentageMarkup: '15',
    countInStock: 50,
  });
});

afterAll(async () => {
  await t?.close();
});

describe('ledger core', () => {
  it('writes a delivered sale once, holds it for the return window, then pays it in one payout', async () => {
    const o = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: kurta.id, qty: 2 }], { paymentMethod: 'CashOnDelivery' }),
    );
    const [s] = await t.db.select().from(shipments).where(eq(shipments.orderId, o._id));
    await bringTo(s!.id, ['accepted', 'packed', 'shipped']);
    expect(await entriesOfSellers(t.db, [seller.user.id])).toEqual([]);
    await bringTo(s!.id, ['delivered']);

    const entries = await entriesOfSellers(t.db, [seller.user.id]);
    const byKind = Object.fromEntries(entries.map((e) => [e.kind, e.amount]));
    // ₹2,000.00 at 5 % GST (₹100.00); commission 15 % = ₹300.00, its GST 18 % = ₹54.00;
    // TCS 0.5 % of ₹2,000 = ₹10.00; TDS 0.1 % (PAN from the GSTIN) = ₹2.00.
    expect(byKind).toEqual({
      sale: 200000,
      sale_gst: 10000,
      commission: -30000,
      commission_gst: -5400,
      tcs: -1000,
      tds: -200,
    });
    expect(entries.find((e) => e.kind === 'commission')?.rule).toBe('Category markup 15%');
    expect(Object.fromEntries(entries.filter((e) => e.rate !== null).map((e) => [e.kind, e.rate]))).toEqual({
      commission_gst: '18',
      tcs: '0.5',
      tds: '0.1',
    });
    const total = entries.reduce((n, e) => n + e.amount, 0);
    expect(total).toBe(173400);

    // Entries are never changed.
    await expect(
      t.db.update(ledgerEntries).set({ amount: 1 }).where(eq(ledgerEntries.id, entries[0]!.id)),
    ).rejects.toThrow();

    // Inside the return window: on hold.
    const now = new Date();
    expect(new Set((await unpaidEntries(t.db, now, seller.user.id)).map((e) => e.bucket))).toEqual(
      new Set(['on_hold']),
    );
    // The window closes 7 × 24 h after delivery, to the millisecond (the same rule as holdBucket).
    const [{ deliveredAt }] = (await t.db
      .select({ deliveredAt: shipments.deliveredAt })
      .from(shipments)
      .where(eq(shipments.id, s!.id))) as [{ deliveredAt: Date }];
    const closes = deliveredAt.getTime() + 7 * 86_400_000;
    const bucketsAt = async (ms: number) =>
      new Set((await unpaidEntries(t.db, new Date(ms), seller.user.id)).map((e) => e.bucket));
    expect(await bucketsAt(closes - 1)).toEqual(new Set(['on_hold']));
    expect(await bucketsAt(closes)).toEqual(new Set(['payable']));
    const later = new Date(now.getTime() + 8 * 86_400_000);

    // No verified account: nothing to pay.
    expect(
      await t.db.transaction((tx) =>
        preparePayoutBatch(tx, { cutoff: later, rail: 'razorpayx', minimum: 100, createdBy: null }),
      ),
    ).toBeUndefined();
    await t.db.insert(payoutAccounts).values({
      sellerId: seller.user.id,
      method: 'bank',
      accountHolder: 'Ledger Weaves',
      accountNumber: '123456789012',
      ifsc: 'HDFC0001234',
      status: 'verified',
    });
    const [a, b] = await Promise.all([
      t.db.transaction((tx) =>
        preparePayoutBatch(tx, { cutoff: later, rail: 'razorpayx', minimum: 100, createdBy: null }),
      ),
      t.db.transaction((tx) =>
        preparePayoutBatch(tx, { cutoff: later, rail: 'razorpayx', minimum: 100, createdBy: null }),
      ),
    ]);
    const made = [a, b].filter((x) => x !== undefined);
    expect(made).toHaveLength(1);
    expect(made[0]!.payouts.map((p) => p.amount)).toEqual([173400]);
    const [{ balance }] = (
      await t.db.execute<{ balance: string }>(
        sql`select coalesce(sum(amount), 0)::text as balance from ledger_entries where seller_id = ${seller.user.id}`,
      )
    ).rows as [{ balance: string }];
    expect(Number(balance)).toBe(0);
  });

  /** A COD order of `qty` × size M of a new product of `by`, delivered; its shipment and line. */
  async function deliveredLine(by: Who, qty: number) {
    const product = await createProduct(t.db, {
      sellerId: by.user.id,
      price: '999.99',
      percentageMarkup: '15',
      sizes: ['M', 'L'],
      countInStock: 20,
    });
    const o = await placeOrder(
      t.app,
      buyer.token,
      orderBody([{ product: product.id, size: 'M', qty }], { paymentMethod: 'CashOnDelivery' }),
    );
    const [s] = await t.db.select().from(shipments).where(eq(shipments.orderId, o._id));
    await bringTo(s!.id, ['accepted', 'packed', 'shipped', 'delivered']);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, o._id));
    return { orderId: o._id, shipmentId: s!.id, lineId: line!.id, productId: product.id };
  }

  async function call(method: 'PUT' | 'POST', url: string, by: Who, payload: Record<string, unknown> = {}) {
    const res = await t.app.inject({ method, url, headers: authHeader(by.token), payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json() as { _id: string };
  }

  const bucketsOf = async (sellerId: string, at: Date) =>
    new Set((await unpaidEntries(t.db, at, sellerId)).map((e) => e.bucket));

  it('an exchange holds the sale while the new size travels; if that parcel comes back, the units are taken back', async () => {
    const d = await deliveredLine(seller, 1);
    const [L] = await t.db
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.productId, d.productId), eq(productVariants.size, 'L')));
    const r = await call('POST', `/api/orders/${d.orderId}/returns`, buyer, {
      orderItem: d.lineId,
      qty: 1,
      kind: 'exchange',
      exchangeVariant: L!.id,
      reason: 'too_small',
      comment: 'Needs L',
    });
    await call('PUT', `/api/returns/${r._id}/approve`, admin);
    await call('PUT', `/api/returns/${r._id}/receive`, admin);
    // Same sale in another size: nothing taken back, but held while the new parcel is on its way.
    const mine = async () =>
      (await entriesOfSellers(t.db, [seller.user.id])).filter((e) => e.shipmentId === d.shipmentId);
    expect((await mine()).filter((e) => e.reversalOf !== null)).toEqual([]);
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect(
      (await unpaidEntries(t.db, later, seller.user.id))
        .filter((e) => e.bucket !== 'payable')
        .map((e) => e.bucket),
    ).toContain('on_hold');
    const [exchange] = await t.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, d.orderId), eq(shipments.kind, 'exchange')));
    await bringTo(exchange!.id, ['accepted', 'packed', 'shipped', 'returned_to_origin']);
    const entries = await mine();
    const net = entries.reduce((n, e) => n + e.amount, 0);
    expect(net).toBe(0);
    expect(new Set(entries.filter((e) => e.reversalOf).map((e) => e.cause))).toEqual(
      new Set([`return:${r._id}`]),
    );
    // The month's commission invoice credits the commission given back on the failed exchange.
    const credited = entries
      .filter((e) => e.reversalOf && e.kind === 'commission')
      .reduce((n, e) => n + e.amount, 0);
    expect(credited).toBeGreaterThan(0);
    const hour = 3_600_000;
    const range = {
      start: new Date(Date.now() - hour),
      end: new Date(Date.now() + hour),
      sellerId: seller.user.id,
    };
    expect(await failedExchangeCredits(t.db, range)).toEqual([{ sellerId: seller.user.id, paise: credited }]);
  });

  it('takes back the opening balance of a line delivered before the ledger began when it is returned', async () => {
    const other = await createWho(t.db, { roles: ['Seller-Company'], shop: { shopName: 'Opening' } });
    const d = await deliveredLine(other, 2);
    // As migration 0017 wrote it for a line delivered before the ledger: no sale entries, one opening balance.
    const [opening] = await t.db
      .insert(ledgerEntries)
      .values({
        sellerId: other.user.id,
        kind: 'adjustment',
        amount: 170_000,
        cause: `opening:${d.lineId}`,
        orderId: d.orderId,
        shipmentId: d.shipmentId,
        orderItemId: d.lineId,
        qty: 2,
        note: 'Opening balance: payout recorded before the ledger',
      })
      .returning();
    // This test's line has sale entries too (it was delivered now); the opening one is taken back by its share.
    const r = await call('POST', `/api/orders/${d.orderId}/returns`, buyer, {
      orderItem: d.lineId,
      qty: 1,
      kind: 'return',
      reason: 'too_small',
      comment: 'Opening',
      refundAccount: { kind: 'upi', upi: 'asha@okhdfcbank' },
    });
    await call('PUT', `/api/returns/${r._id}/approve`, admin);
    await call('PUT', `/api/returns/${r._id}/receive`, admin);
    const reversal = (await entriesOfSellers(t.db, [other.user.id])).find(
      (e) => e.reversalOf === opening!.id,
    );
    expect(reversal).toMatchObject({ kind: 'adjustment', amount: -85_000, qty: 1, cause: `return:${r._id}` });
  });

  it('charges TDS at 5 % until the PAN comes with a verified account, and records a sale once', async () => {
    const individual = await createWho(t.db, { roles: ['Seller-Individual'], shop: { shopName: 'No PAN' } });
    await t.db.insert(payoutAccounts).values({
      sellerId: individual.user.id,
      method: 'upi',
      accountHolder: 'No Pan',
      vpa: 'nopan@okhdfc',
      pan: 'ABCPE1234F',
    });
    const first = await deliveredLine(individual, 1);
    await t.db
      .update(payoutAccounts)
      .set({ status: 'verified' })
      .where(eq(payoutAccounts.sellerId, individual.user.id));
    const second = await deliveredLine(individual, 1);
    const tds = async (shipmentId: string) =>
      (await entriesOfSellers(t.db, [individual.user.id])).filter(
        (e) => e.shipmentId === shipmentId && e.kind === 'tds',
      );
    // ₹999.99: 5 % → ₹50.00; 0.1 % → ₹1.00.
    expect((await tds(first.shipmentId)).map((e) => [e.amount, e.rate])).toEqual([[-5_000, '5']]);
    expect((await tds(second.shipmentId)).map((e) => [e.amount, e.rate])).toEqual([[-100, '0.1']]);
    // Recording again (a retried event) writes nothing.
    expect(await t.db.transaction((tx) => recordSale(tx, second.shipmentId, new Date()))).toEqual([]);

    // Sales on shipping: a COD fee configured while the parcel travels is not added on delivery.
    await t.db.update(settlementSettings).set({ saleOn: 'shipped' }).where(eq(settlementSettings.id, 1));
    try {
      const product = await createProduct(t.db, {
        sellerId: individual.user.id,
        price: '999.99',
        percentageMarkup: '15',
        countInStock: 5,
      });
      const o = await placeOrder(
        t.app,
        buyer.token,
        orderBody([{ product: product.id, qty: 1 }], { paymentMethod: 'CashOnDelivery' }),
      );
      const [s] = await t.db.select().from(shipments).where(eq(shipments.orderId, o._id));
      await bringTo(s!.id, ['accepted', 'packed', 'shipped']);
      await t.db.update(settlementSettings).set({ codFeePaise: 1_500 }).where(eq(settlementSettings.id, 1));
      await bringTo(s!.id, ['delivered']);
      const kinds = (await entriesOfSellers(t.db, [individual.user.id]))
        .filter((e) => e.shipmentId === s!.id)
        .map((e) => e.kind);
      expect(kinds).not.toContain('cod_fee');
      expect(kinds).toContain('sale');
    } finally {
      await t.db
        .update(settlementSettings)
        .set({ saleOn: 'delivered', codFeePaise: 0 })
        .where(eq(settlementSettings.id, 1));
    }
    expect(await bucketsOf(individual.user.id, new Date())).toEqual(new Set(['on_hold']));
  });
});
