import { divideHalfUp, parseDecimal, toSafeMinor, type DecimalInput, type Minor } from './money.ts';

/**
 * Seller payouts (docs/product/pricing-and-tax.md): the seller receives (price − discount) × (1 − markup/100); the
 * marketplace keeps the rest. "100 at 15 % gives 85." Amounts are INR minor units; tax is not part of it.
 */

export type PayoutInput = {
  /** List unit price in minor units. */
  unitPrice: Minor;
  /** Discount per unit in minor units (0 when none applied). */
  discountPerUnit: Minor;
  qty: number;
  /** The product's markup in percent, 0–100 ('15', 15, '12.50'). */
  percentageMarkup: DecimalInput;
};

export type PayoutSplit = {
  /** qty × (unit price − discount): what the buyer pays for the line before tax. */
  lineTotal: Minor;
  /** The seller's share of the line, rounded half-up once per line. */
  sellerPayout: Minor;
  /** lineTotal − sellerPayout, so the two always add up to the line. */
  marketplaceTake: Minor;
};

function keepShare(amount: bigint, percentageMarkup: DecimalInput): bigint {
  const m = parseDecimal(percentageMarkup, 'markup');
  const hundred = 100n * 10n ** BigInt(m.scale);
  if (m.units < 0n || m.units > hundred) throw new RangeError('A markup must be between 0 and 100');
  return divideHalfUp(amount * (hundred - m.units), hundred);
}

function netUnit(unitPrice: Minor, discountPerUnit: Minor): bigint {
  if (!Number.isSafeInteger(unitPrice) || unitPrice < 0) throw new RangeError('unit price must be ≥ 0');
  if (!Number.isSafeInteger(discountPerUnit) || discountPerUnit < 0 || discountPerUnit > unitPrice) {
    throw new RangeError('discount must be between 0 and the unit price');
  }
  return BigInt(unitPrice) - BigInt(discountPerUnit);
}

/** The seller's payout for one unit, rounded half-up: for display ("you receive ₹85.00 per item"). */
export function sellerPayoutPerUnit(
  unitPrice: Minor,
  discountPerUnit: Minor,
  percentageMarkup: DecimalInput,
): Minor {
  return toSafeMinor(keepShare(netUnit(unitPrice, discountPerUnit), percentageMarkup));
}

/**
 * The seller's payout and the marketplace's take for an order line. The line's net amount is computed
 * exactly and rounded once (docs/product/pricing-and-tax.md: half-up per line), so it can differ from qty × the per-unit
 * figure by less than qty/2 paise; this is the amount the seller payment record carries.
 */
export function payoutSplit({ unitPrice, discountPerUnit, qty, percentageMarkup }: PayoutInput): PayoutSplit {
  if (!Number.isSafeInteger(qty) || qty < 0) throw new RangeError('qty must be a non-negative integer');
  const line = netUnit(unitPrice, discountPerUnit) * BigInt(qty);
  const seller = keepShare(line, percentageMarkup);
  return {
    lineTotal: toSafeMinor(line),
    sellerPayout: toSafeMinor(seller),
    marketplaceTake: toSafeMinor(line - seller),
  };
}
