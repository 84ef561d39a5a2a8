import { codHoldingRefusal, type CodSettings } from '#shared/cod.ts';
import type { Queryable } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { codSettings, lockCodHolding, openCodHolding } from './cod.repo.ts';

/**
 * No stock hoarding with unpaid cash-on-delivery orders (docs/decisions/0110-cancellations.md): a buyer
 * may hold at most the operator's number of open unpaid COD orders and units (delivery_settings). Throws
 * 409 `cod_limit_reached` with a message the checkout shows. Called by placing an order, on its
 * transaction, after the order's products are locked: the per-buyer advisory lock it takes lasts until that order is committed or rolled back, so
 * two orders placed at once are counted one after the other.
 */
export async function assertCodHoldingAllowed(
  tx: Queryable,
  buyerId: string,
  units: number,
  /** The limits, when the caller read them already in this transaction (the delivery settings row). */
  known?: CodSettings,
): Promise<void> {
  await lockCodHolding(tx, buyerId);
  const settings = known ?? (await codSettings(tx));
  const open = await openCodHolding(tx, buyerId);
  const refusal = codHoldingRefusal(open, units, settings);
  if (refusal) throw conflict(refusal, 'cod_limit_reached');
}
