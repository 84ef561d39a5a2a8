import { codHoldingRefusal } from '#shared/cod.ts';
import type { Queryable } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { codSettings, lockCodHolding, openCodHolding } from './cod.repo.ts';

/**
 * No stock hoarding with unpaid cash-on-delivery orders (docs/decisions/0110-cancellations.md): a buyer
 * may hold at most the operator's number of open unpaid COD orders and units (delivery_settings). Throws
 * 409 `cod_limit_reached` with a message the checkout shows. Called by placing an order, on its
 * transaction: the per-buyer advisory lock it takes lasts until that order is committed or rolled back, so
 * two orders placed at once are counted one after the other.
 */
export async function assertCodHoldingAllowed(
  tx: Queryable,
  buyerId: string,
  units: number,
  opts: { alreadyWritten?: boolean } = {},
): Promise<void> {
  await lockCodHolding(tx, buyerId);
  const settings = await codSettings(tx);
  const counted = await openCodHolding(tx, buyerId);
  // `alreadyWritten`: the order being placed is written (unpaid, its shipments placed) in this same
  // transaction, so the count holds it once with its `units`; it is the new order, not a held one.
  const open = opts.alreadyWritten
    ? { orders: Math.max(0, counted.orders - 1), units: Math.max(0, counted.units - units) }
    : counted;
  const refusal = codHoldingRefusal(open, units, settings);
  if (refusal) throw conflict(refusal, 'cod_limit_reached');
}
