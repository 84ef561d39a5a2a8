import type { Queryable } from '../../db/client.ts';

/**
 * No stock hoarding with unpaid cash-on-delivery orders: a buyer may hold at most the operator's number of
 * open unpaid COD orders and units (delivery_settings). Throws 409 `cod_limit_reached`.
 */
// Filled in by the cancellation work.
export async function assertCodHoldingAllowed(
  _tx: Queryable,
  _buyerId: string,
  _units: number,
): Promise<void> {}
