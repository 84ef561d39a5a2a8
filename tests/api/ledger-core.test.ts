import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { ledgerEntries, payoutAccounts, shipments } from '../../src/server/db/schema/index.ts';
import { moveShipment } from '../../src/server/modules/fulfilment/fulfilment.service.ts';
import { entriesOfSellers } from '../../src/server/modules/settlements/ledger.repo.ts';
import { preparePayoutBatch, unpaidEntries } from '../../src/server/modules/settlements/payouts.repo.ts';
import { createProduct, type ProductRow } from '../factories/catalog.ts';
import { createGstParties } from '../factories/gst.ts';
import { orderBody, placeOrder } from '../factories/orders.ts';
import type { Who } from '../factories/users.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/**
 * The ledger's core (docs/decisions/0120-seller-ledger.md): delivery writes a shipment's entries once,
 * entries cannot be changed, money is held for the return window, and a payout claims what is payable.
 */

let t: TestContext;
let buyer: Who;
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
  ({ buyer, karnataka: seller } = await createGstParties(t.db, {
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
    const later = new Date(now.getTime() + 8 * 86_400_000);
    expect(new Set((await unpaidEntries(t.db, later, seller.user.id)).map((e) => e.bucket))).toEqual(
      new Set(['payable']),
    );

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
});
