import { eq, sql } from 'drizzle-orm';
import { DEFAULT_COD_SETTINGS, type CodHolding, type CodSettings } from '#shared/cod.ts';
import type { Queryable } from '../../db/client.ts';
import { deliverySettings, orders } from '../../db/schema/index.ts';

/**
 * Cash-on-delivery holdings and the unaccepted-order sweep (docs/decisions/0110-cancellations.md). The
 * numbers come from the operator's delivery_settings row (id 1); the delivery module edits it.
 */

/** The operator's cash-on-delivery numbers; the defaults when the row is missing. */
export async function codSettings(db: Queryable): Promise<CodSettings> {
  const [row] = await db
    .select({
      codUnacceptedHours: deliverySettings.codUnacceptedHours,
      maxOpenCodOrders: deliverySettings.maxOpenCodOrders,
      maxOpenCodUnits: deliverySettings.maxOpenCodUnits,
    })
    .from(deliverySettings)
    .where(eq(deliverySettings.id, 1));
  return row ?? DEFAULT_COD_SETTINGS;
}

/**
 * One buyer's cash-on-delivery orders take turns until their transaction ends (a transaction-scoped
 * advisory lock), so two orders placed at once cannot both count the holdings before either is written.
 */
export async function lockCodHolding(tx: Queryable, buyerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cod-holding:${buyerId}`}, 0))`);
}

/**
 * The buyer's open unpaid cash-on-delivery orders (placed, not paid, with a live shipment not yet
 * delivered) and the units of those shipments.
 */
export async function openCodHolding(db: Queryable, buyerId: string): Promise<CodHolding> {
  const rows = await db.execute<{ orders: number; units: number }>(sql`
    select count(distinct o.id)::int as orders, coalesce(sum(oi.qty), 0)::int as units
      from orders o
      join shipments s on s.order_id = o.id and s.kind = 'order'
                      and s.state in ('placed', 'accepted', 'packed', 'shipped')
      join order_items oi on oi.order_id = o.id and oi.seller_id = s.seller_id
     where o.user_id = ${buyerId}
       and o.payment_method = 'CashOnDelivery'
       and o.status = 'placed'
       and not o.is_paid`);
  const r = rows.rows[0];
  return { orders: r?.orders ?? 0, units: r?.units ?? 0 };
}

/** The condition of an order the sweep cancels, on `o` (an orders row). */
const unacceptedCod = (before: Date) => sql`
      o.payment_method = 'CashOnDelivery' and o.status = 'placed' and not o.is_paid
  and o.created_at < ${before}
  and exists (select 1 from shipments s
               where s.order_id = o.id and s.kind = 'order' and s.state = 'placed')
  and not exists (select 1 from shipments s
                   where s.order_id = o.id and s.kind = 'order' and s.accepted_at is not null)`;

/** Unpaid cash-on-delivery orders placed before `before` that no seller accepted, oldest first. */
export async function unacceptedCodOrderIds(db: Queryable, before: Date, limit: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select o.id from ${orders} o where ${unacceptedCod(before)}
     order by o.created_at, o.id limit ${limit}`);
  return rows.rows.map((r) => r.id);
}

/**
 * Locks the order row and tells whether it is still one the sweep cancels. Call with the order's
 * shipments already locked (lockShipmentsOfOrder): shipments first, then the order, as every move does.
 */
export async function lockIfUnacceptedCod(tx: Queryable, orderId: string, before: Date): Promise<boolean> {
  const rows = await tx.execute<{ id: string }>(sql`
    select o.id from ${orders} o where o.id = ${orderId} and ${unacceptedCod(before)} for update of o`);
  return rows.rows.length > 0;
}
