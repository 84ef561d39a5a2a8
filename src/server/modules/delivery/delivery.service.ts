import type { Queryable } from '../../db/client.ts';

/**
 * The delivery promise at 'Place Order' (docs/decisions: delivery promise). Checked inside the order's
 * transaction: every line must reach the address's pincode (else 409 `not_deliverable` naming the line),
 * and cash on delivery must be allowed for every line (else 409 `cod_not_allowed`). Returns each seller's
 * promised delivery date (YYYY-MM-DD, Asia/Kolkata), or null where no promise can be made.
 */
export type PromiseLine = {
  productId: string;
  sellerId: string;
  name: string;
  qty: number;
  lineTotalInr: string;
};
export type PromiseInput = {
  buyerId: string;
  country: string;
  postalCode: string;
  paymentMethod: 'RazorPay' | 'PayPal' | 'CashOnDelivery';
  lines: PromiseLine[];
  now: Date;
};

// Filled in by the delivery-promise work; until then every line is deliverable and no date is promised.
export async function promiseForOrder(
  _tx: Queryable,
  _input: PromiseInput,
): Promise<ReadonlyMap<string, string | null>> {
  return new Map();
}
