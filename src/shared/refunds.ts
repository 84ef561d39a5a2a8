import { divideHalfUp, multiplyMoney, toSafeMinor, type Minor } from './money.ts';

/**
 * How much goes back, as pure arithmetic (docs/decisions/0109-shipments-per-seller.md, refunds). Amounts are
 * integer minor units; every division rounds half-up.
 */

/** One order line as bought: unit price after discount and the whole line's GST, both minor units. */
export type BoughtLine = { qty: number; discountedUnit: Minor; lineTax: Minor };

/**
 * What `qty` units of a line cost the buyer: qty × discounted unit price plus their share of the line's
 * GST (lineTax × qty / line qty, half-up). All the units give back exactly what the line cost.
 */
export function unitsRefund(line: BoughtLine, qty: number): Minor {
  if (!Number.isInteger(qty) || qty < 1 || qty > line.qty) throw new RangeError('unitsRefund: bad quantity');
  const tax =
    qty === line.qty
      ? line.lineTax
      : toSafeMinor(divideHalfUp(BigInt(line.lineTax) * BigInt(qty), BigInt(line.qty)));
  return multiplyMoney(line.discountedUnit, qty) + tax;
}

/**
 * The part of a payment to give back for `refund` of an order worth `orderTotal` (both in the order's
 * INR, say), in the currency the payment was charged in (`paymentAmount` minor units, e.g. USD cents for
 * PayPal). Never more than what is left of the payment after `alreadyRefunded`; a refund that takes the
 * order's whole remaining value takes the payment's whole remaining amount, so rounding leaves nothing.
 */
export function paymentShare(input: {
  paymentAmount: Minor;
  orderTotal: Minor;
  refund: Minor;
  alreadyRefunded: Minor;
  /** The order value refunded before this refund (same unit as orderTotal). */
  alreadyRefundedValue: Minor;
}): Minor {
  const left = input.paymentAmount - input.alreadyRefunded;
  if (left <= 0 || input.refund <= 0 || input.orderTotal <= 0) return 0;
  if (input.alreadyRefundedValue + input.refund >= input.orderTotal) return left;
  const share = toSafeMinor(
    divideHalfUp(BigInt(input.paymentAmount) * BigInt(input.refund), BigInt(input.orderTotal)),
  );
  return Math.min(share, left);
}
