import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { ShipmentState } from '#shared/fulfilment.ts';
import { panOfGstin } from '#shared/ledger.ts';
import type { Actor } from '#shared/permissions.ts';
import { placeOrderBody } from '#shared/schemas/order.ts';
import type { Queryable } from '../client.ts';
import { ledgerEntries, orders, payoutAccounts, productVariants, shipments } from '../schema/index.ts';
import { moveShipment } from '../../modules/fulfilment/fulfilment.service.ts';
import { placeOrder } from '../../modules/orders/orders.service.ts';

/**
 * The demo's seller money (docs/product/settlements.md): Kavya's verified bank account and Meera's UPI id
 * waiting for verification; two cash-on-delivery orders of Priya delivered through the real shipment
 * moves, so their ledger entries are written by the same hooks as in production: one delivered twelve
 * days ago (its return window closed: payable), one with both sellers delivered two days ago (on hold);
 * and one Admin adjustment with its reason.
 */

export type SeedPeople = {
  admin: Actor;
  buyer: Actor;
  kavya: { id: string; gstin: string };
  meera: { id: string; gstin: string };
};

type Stocked = { productId: string; variantId: string };

/** The first `n` of `productIds` with a variant of at least three units, each with that variant. */
async function stocked(db: Queryable, productIds: string[], n: number): Promise<Stocked[]> {
  const rows = await db
    .select({ productId: productVariants.productId, variantId: productVariants.id })
    .from(productVariants)
    .where(and(inArray(productVariants.productId, productIds), gt(productVariants.countInStock, 2)))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  const picked = productIds
    .map((id) => rows.find((r) => r.productId === id))
    .filter((r) => r !== undefined)
    .slice(0, n);
  if (picked.length < n) throw new Error('seedSellerMoney: not enough demo products in stock');
  return picked;
}

/** A cash-on-delivery order of `buyer` placed `placedDaysAgo` days ago, every parcel delivered `deliveredDaysAgo`. */
async function deliveredOrder(
  db: Queryable,
  people: SeedPeople,
  lines: { productId: string; variantId: string; qty: number }[],
  days: { placed: number; delivered: number },
  now: Date,
): Promise<void> {
  const ago = (d: number, hours = 0) => new Date(now.getTime() - d * 86_400_000 + hours * 3_600_000);
  const orderItems = lines.map((l) => ({ product: l.productId, qty: l.qty, variant: l.variantId }));
  const { order } = await placeOrder(
    { db, actor: people.buyer },
    placeOrderBody.parse({
      orderItems,
      shippingAddress: {
        address: '221, 12th Main, Indiranagar',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560038',
        country: 'India',
      },
      paymentMethod: 'CashOnDelivery',
    }),
  );
  await db
    .update(orders)
    .set({ createdAt: ago(days.placed) })
    .where(eq(orders.id, order._id));
  const parcels = await db.select().from(shipments).where(eq(shipments.orderId, order._id));
  await db
    .update(shipments)
    .set({ createdAt: ago(days.placed) })
    .where(
      inArray(
        shipments.id,
        parcels.map((p) => p.id),
      ),
    );
  const steps: [ShipmentState, Date][] = [
    ['accepted', ago(days.placed, 2)],
    ['packed', ago(days.placed, 5)],
    ['shipped', ago(days.placed, 8)],
    ['delivered', ago(days.delivered)],
  ];
  for (const p of parcels) {
    for (const [to, at] of steps) {
      await moveShipment(db, {
        shipmentId: p.id,
        to,
        at,
        actor: to === 'delivered' ? { id: null, role: 'courier' } : { id: p.sellerId, role: 'seller' },
        ...(to === 'shipped'
          ? { set: { courier: 'Delhivery', trackingNumber: `1490${p.id.replace(/\D/g, '').slice(0, 9)}` } }
          : {}),
      });
    }
  }
}

export async function seedSellerMoney(
  db: Queryable,
  people: SeedPeople,
  product: { kavya: string[]; meera: string[] },
  now: Date,
): Promise<void> {
  await db.insert(payoutAccounts).values([
    {
      sellerId: people.kavya.id,
      method: 'bank',
      accountHolder: 'Kavya Textiles Private Limited',
      accountNumber: '501002345678',
      ifsc: 'HDFC0001234',
      pan: panOfGstin(people.kavya.gstin) ?? null,
      status: 'verified',
      verifiedAt: new Date(now.getTime() - 30 * 86_400_000),
      verifiedBy: people.admin.id,
    },
    {
      sellerId: people.meera.id,
      method: 'upi',
      accountHolder: 'Meera Iyer',
      vpa: 'meera.handlooms@okicici',
      pan: panOfGstin(people.meera.gstin) ?? null,
      status: 'unverified',
    },
  ]);

  const [k1, k2] = (await stocked(db, product.kavya, 2)) as [Stocked, Stocked];
  const [m1] = (await stocked(db, product.meera, 1)) as [Stocked];
  // Payable: delivered twelve days ago, the seven-day return window long closed.
  await deliveredOrder(db, people, [{ ...k1, qty: 2 }], { placed: 16, delivered: 12 }, now);
  // On hold: both sellers' parcels delivered two days ago, inside the window.
  await deliveredOrder(
    db,
    people,
    [
      { ...k2, qty: 1 },
      { ...m1, qty: 1 },
    ],
    { placed: 5, delivered: 2 },
    now,
  );

  await db.insert(ledgerEntries).values({
    sellerId: people.kavya.id,
    kind: 'adjustment',
    amount: 15_000,
    cause: `adjustment:${randomUUID()}`,
    note: 'Courier damaged the packaging of a delivered parcel; the marketplace bears the ₹150.00 repacking cost',
    createdBy: people.admin.id,
    at: new Date(now.getTime() - 9 * 86_400_000),
  });
}
