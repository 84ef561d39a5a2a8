import { divideHalfUp, formatDecimal, parseDecimal, percentOf, toSafeMinor, type Minor } from './money.ts';
import { payoutSplit } from './payout.ts';

/**
 * The seller ledger's rules (docs/product/settlements.md; docs/decisions/0120-seller-ledger.md): which
 * entries an event writes and for how much, which commission rule applies, how much of an entry a partial
 * reversal takes back, when an entry may be paid, and what a payout account must look like. Pure: the
 * server writes what these functions return, in the transaction of the causing event. Amounts are signed
 * integer paise: + owed to the seller, − owed by the seller (or paid to it).
 */

export const LEDGER_ENTRY_KINDS = [
  'sale',
  'sale_gst',
  'commission',
  'commission_gst',
  'tcs',
  'tds',
  'cod_fee',
  'adjustment',
  'payout',
  'payout_reversal',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** How a statement names an entry; a reversal of a sale or its GST is the refund taken back from the seller. */
export const LEDGER_KIND_LABELS: Record<LedgerEntryKind, string> = {
  sale: 'Sale',
  sale_gst: 'GST on sale',
  commission: 'Commission',
  commission_gst: 'GST on commission',
  tcs: 'TCS (section 52 CGST)',
  tds: 'TDS (section 194-O)',
  cod_fee: 'Cash on delivery fee',
  adjustment: 'Adjustment',
  payout: 'Payout',
  payout_reversal: 'Payout returned',
};

export function ledgerEntryLabel(kind: LedgerEntryKind, reversal: boolean): string {
  if (!reversal) return LEDGER_KIND_LABELS[kind];
  // 'GST' keeps its capitals: 'Refund clawback: GST on sale'.
  if (kind === 'sale') return 'Refund clawback: sale';
  if (kind === 'sale_gst') return `Refund clawback: ${LEDGER_KIND_LABELS.sale_gst}`;
  return `${LEDGER_KIND_LABELS[kind]} reversed`;
}

// ---------------------------------------------------------------------------------------------------------
// Commission rules
// ---------------------------------------------------------------------------------------------------------

export type CommissionRule = {
  id: string;
  sellerId: string | null;
  categoryId: string | null;
  productId: string | null;
  kind: 'percent' | 'fixed';
  /** percent: '12.5'. */
  percent: string | null;
  /** fixed: paise per unit. */
  fixedPaise: Minor | null;
  /** Per unit, paise. */
  minPaise: Minor | null;
  maxPaise: Minor | null;
  /** India calendar dates, inclusive. */
  effectiveFrom: string;
  effectiveTo: string | null;
};

export type RuleTarget = { sellerId: string; categoryId: string | null; productId: string | null };

/**
 * How specific a rule is: a product (4), a seller within a category (3), a seller (2), a category (1).
 * A product rule may also name the seller; it is a product rule still.
 */
export function ruleSpecificity(r: Pick<CommissionRule, 'sellerId' | 'categoryId' | 'productId'>): number {
  if (r.productId) return 4;
  if (r.sellerId && r.categoryId) return 3;
  if (r.sellerId) return 2;
  return r.categoryId ? 1 : 0;
}

function ruleMatches(r: CommissionRule, t: RuleTarget): boolean {
  return (
    (r.sellerId === null || r.sellerId === t.sellerId) &&
    (r.categoryId === null || r.categoryId === t.categoryId) &&
    (r.productId === null || r.productId === t.productId)
  );
}

/**
 * The rule for a line: of the rules in force on `on` (the India date the order was placed) that match the
 * line, the most specific; between equally specific ones the latest to take effect, then the last given.
 * None → undefined: the category markup the line carries applies.
 */
export function pickCommissionRule(
  rules: readonly CommissionRule[],
  target: RuleTarget,
  on: string,
): CommissionRule | undefined {
  let best: CommissionRule | undefined;
  for (const r of rules) {
    const inForce = r.effectiveFrom <= on && (r.effectiveTo === null || on <= r.effectiveTo);
    if (!inForce || !ruleMatches(r, target) || ruleSpecificity(r) === 0) continue;
    if (
      !best ||
      ruleSpecificity(r) > ruleSpecificity(best) ||
      (ruleSpecificity(r) === ruleSpecificity(best) && r.effectiveFrom >= best.effectiveFrom)
    ) {
      best = r;
    }
  }
  return best;
}

const rupees = (p: Minor) => `₹${formatDecimal(p)}`;

/** The rule in words, as each commission entry records it. */
export function describeCommission(rule: CommissionRule | undefined, markup: string): string {
  if (!rule) return `Category markup ${trimPercent(markup)}%`;
  const scope = ['', 'Category rule', 'Seller rule', 'Seller and category rule', 'Product rule'][
    ruleSpecificity(rule)
  ];
  const value =
    rule.kind === 'percent'
      ? `${trimPercent(rule.percent ?? '0')}%`
      : `${rupees(rule.fixedPaise ?? 0)} per unit`;
  const bounds = [
    rule.minPaise !== null ? `min ${rupees(rule.minPaise)}` : '',
    rule.maxPaise !== null ? `max ${rupees(rule.maxPaise)}` : '',
  ].filter(Boolean);
  return `${scope}: ${value}${bounds.length ? ` (${bounds.join(', ')} per unit)` : ''}`;
}

function trimPercent(p: string): string {
  return p.includes('.') ? p.replace(/\.?0+$/, '') : p;
}

export type LineValue = {
  qty: number;
  /** List price per unit, paise. */
  unitPrice: Minor;
  /** Discount per unit, paise. */
  discountPerUnit: Minor;
  /** The category markup the line was ordered with ('15'). */
  markup: string;
};

/**
 * The marketplace's commission on a whole line. Without a rule it is SPEC's: line − (price − discount) ×
 * qty × (1 − markup/100), half-up once per line, so sale − commission is SPEC's payout. A percentage rule
 * works the same with its own percentage; a fixed rule is its amount per unit. Minimum and maximum are
 * per unit (× qty); the commission never exceeds the line.
 */
export function commissionOfLine(line: LineValue, rule: CommissionRule | undefined): Minor {
  const split = payoutSplit({
    unitPrice: line.unitPrice,
    discountPerUnit: line.discountPerUnit,
    qty: line.qty,
    percentageMarkup: rule?.kind === 'percent' ? (rule.percent ?? '0') : line.markup,
  });
  if (!rule) return split.marketplaceTake;
  let c = rule.kind === 'percent' ? split.marketplaceTake : (rule.fixedPaise ?? 0) * line.qty;
  if (rule.minPaise !== null) c = Math.max(c, rule.minPaise * line.qty);
  if (rule.maxPaise !== null) c = Math.min(c, rule.maxPaise * line.qty);
  return Math.min(Math.max(c, 0), split.lineTotal);
}

// ---------------------------------------------------------------------------------------------------------
// Entries of a sale
// ---------------------------------------------------------------------------------------------------------

export type LedgerRates = {
  /** GST on the commission ('18'); the COD fee is set GST-inclusive (docs/decisions/0120-seller-ledger.md). */
  commissionGstRate: string;
  /** Section 52 TCS ('0.5'). */
  tcsRate: string;
  /** Section 194-O TDS with PAN ('0.1') and without ('5'). */
  tdsRate: string;
  tdsRateWithoutPan: string;
};

export type EntryDraft = {
  kind: LedgerEntryKind;
  amount: Minor;
  qty?: number;
  base?: Minor;
  rate?: string;
  rule?: string;
  commissionRuleId?: string;
};

export type SaleLine = LineValue & {
  /** The line's GST as the order stored it (CGST + SGST + IGST), paise. */
  gst: Minor;
  rule: CommissionRule | undefined;
};

/** The TDS rate a seller's payout suffers: 194-O's rate with a PAN, section 206AA's without. */
export const tdsRateOf = (rates: LedgerRates, hasPan: boolean): string =>
  hasPan ? rates.tdsRate : rates.tdsRateWithoutPan;

/**
 * What one order line writes when its sale is recorded: the sale (taxable value) and its GST owed to the
 * seller; commission, GST on it, TCS on the taxable value and TDS on the same gross amount (GST shown
 * separately is left out of it) taken from it. Each percentage is half-up on the line. Zero amounts are
 * left out (an entry is never 0).
 */
export function saleEntries(line: SaleLine, rates: LedgerRates, hasPan: boolean): EntryDraft[] {
  const value = payoutSplit({
    unitPrice: line.unitPrice,
    discountPerUnit: line.discountPerUnit,
    qty: line.qty,
    percentageMarkup: '0',
  }).lineTotal;
  const commission = commissionOfLine(line, line.rule);
  const tdsRate = tdsRateOf(rates, hasPan);
  const drafts: EntryDraft[] = [
    { kind: 'sale', amount: value, qty: line.qty },
    { kind: 'sale_gst', amount: line.gst, qty: line.qty },
    {
      kind: 'commission',
      amount: -commission,
      qty: line.qty,
      base: value,
      rule: describeCommission(line.rule, line.markup),
      ...(line.rule ? { commissionRuleId: line.rule.id } : {}),
    },
    {
      kind: 'commission_gst',
      amount: -percentOf(commission, rates.commissionGstRate),
      qty: line.qty,
      base: commission,
      rate: rates.commissionGstRate,
    },
    {
      kind: 'tcs',
      amount: -percentOf(value, rates.tcsRate),
      qty: line.qty,
      base: value,
      rate: rates.tcsRate,
    },
    { kind: 'tds', amount: -percentOf(value, tdsRate), qty: line.qty, base: value, rate: tdsRate },
  ];
  return drafts.filter((d) => d.amount !== 0);
}

/** The cash-on-delivery fee of one shipment collected in cash: fixed + percentage of what was collected. */
export function codFeeEntry(collected: Minor, feePaise: Minor, feePercent: string): EntryDraft | undefined {
  const fee = Math.min(feePaise + percentOf(collected, feePercent), collected);
  if (fee <= 0) return undefined;
  return { kind: 'cod_fee', amount: -fee, base: collected, rate: feePercent };
}

// ---------------------------------------------------------------------------------------------------------
// Reversals
// ---------------------------------------------------------------------------------------------------------

/** An entry's share for `units` of `qty` units, half-up; all the units take exactly the whole. */
function shareOf(amount: Minor, qty: number, units: number): bigint {
  if (units >= qty) return BigInt(amount);
  const a = BigInt(amount);
  const neg = a < 0n;
  const s = divideHalfUp((neg ? -a : a) * BigInt(units), BigInt(qty));
  return neg ? -s : s;
}

/**
 * The amount that reverses `unitsNow` more units of an entry covering `qty` units when `unitsBefore` were
 * reversed already: the share of all units reversed so far less the share reversed before, with the
 * opposite sign. So partial reversals never overshoot, and reversing every unit, in any steps, takes
 * back exactly the entry.
 */
export function reversalAmount(amount: Minor, qty: number, unitsBefore: number, unitsNow: number): Minor {
  if (![qty, unitsBefore, unitsNow].every((n) => Number.isSafeInteger(n) && n >= 0) || qty === 0) {
    throw new RangeError('units must be whole and the entry must cover some');
  }
  const upTo = Math.min(unitsBefore + unitsNow, qty);
  const before = Math.min(unitsBefore, qty);
  return toSafeMinor(-(shareOf(amount, qty, upTo) - shareOf(amount, qty, before)));
}

/**
 * What an entry of a line would be had the line been `units` units (same prices, rule and rate), for the
 * kinds that are a function of the units: the sale, the commission, GST on it, TCS and TDS. The GST on the
 * sale is not: it goes back by its share, as the buyer's refund does. Undefined for other kinds.
 */
export function entryForUnits(
  kind: LedgerEntryKind,
  line: LineValue,
  rule: CommissionRule | undefined,
  rate: string | null,
  units: number,
): Minor | undefined {
  const part = { ...line, qty: units };
  const value = (line.unitPrice - line.discountPerUnit) * units;
  switch (kind) {
    case 'sale':
      return value;
    case 'commission':
      return -commissionOfLine(part, rule);
    case 'commission_gst':
      return rate === null ? undefined : -percentOf(commissionOfLine(part, rule), rate);
    case 'tcs':
    case 'tds':
      return rate === null ? undefined : -percentOf(value, rate);
    default:
      return undefined;
  }
}

/**
 * The reversal of `unitsNow` more units of a line's entry when `unitsBefore` were reversed already: the
 * entry on the units still kept after, less the entry on those kept before, so what remains is exactly the
 * entry of a line of the units kept — sale − commission stays SPEC's payout on them, to the paisa. Kinds
 * without such a function (GST on the sale), or an entry that no longer matches its recomputation (its
 * rule is gone), fall back to the cumulative share (`reversalAmount`).
 */
export function keptUnitsReversal(
  entry: { kind: LedgerEntryKind; amount: Minor; qty: number; rate: string | null },
  line: LineValue,
  rule: CommissionRule | undefined,
  unitsBefore: number,
  unitsNow: number,
): Minor {
  const f = (u: number) => entryForUnits(entry.kind, line, rule, entry.rate, u);
  const whole = f(entry.qty);
  if (whole === undefined || whole !== entry.amount) {
    return reversalAmount(entry.amount, entry.qty, unitsBefore, unitsNow);
  }
  const keptBefore = Math.max(0, entry.qty - unitsBefore);
  const keptAfter = Math.max(0, keptBefore - unitsNow);
  return f(keptAfter)! - f(keptBefore)!;
}

// ---------------------------------------------------------------------------------------------------------
// Holds
// ---------------------------------------------------------------------------------------------------------

export type HoldBucket = 'pending' | 'on_hold' | 'payable';

export type HoldFacts = {
  /** The entry's shipment state, or null for entries without one (adjustments, payouts). */
  shipmentState: string | null;
  deliveredAt: Date | null;
  /**
   * A return of the shipment is open (requested, approved or picked up), or the new size of one of its
   * exchanges is still on its way (if that parcel fails, the buyer is refunded and the sale taken back).
   */
  openReturn: boolean;
};

/** Return states that keep a shipment's money on hold (not the same list as fulfilment's open returns). */
export const HOLDING_RETURN_STATES = ['requested', 'approved', 'picked_up'] as const;
/** Shipment states of an exchange parcel that is no longer on its way. */
export const ENDED_SHIPMENT_STATES = ['delivered', 'cancelled', 'returned_to_origin'] as const;
/** Shipment states whose entries are settled whatever else: the sale was reversed in full. */
export const SETTLED_SHIPMENT_STATES = ['cancelled', 'returned_to_origin'] as const;

/**
 * Where an unpaid entry stands at `now`: payable when it has no shipment, or its shipment ended
 * cancelled or back at the seller, or was delivered, its return window (`windowDays`) has closed and no
 * return of it is open; on hold while delivered but not yet so; pending before delivery. An entry and its
 * reversals share their shipment, so they become payable together. The server's SQL says the same.
 */
export function holdBucket(f: HoldFacts, now: Date, windowDays: number): HoldBucket {
  if (f.shipmentState === null) return 'payable';
  if ((SETTLED_SHIPMENT_STATES as readonly string[]).includes(f.shipmentState)) return 'payable';
  if (f.shipmentState !== 'delivered' || !f.deliveredAt) return 'pending';
  const closes = f.deliveredAt.getTime() + windowDays * 24 * 60 * 60 * 1000;
  return now.getTime() >= closes && !f.openReturn ? 'payable' : 'on_hold';
}

/**
 * Whether a settlement cycle is due at `now`: no batch yet, or the last one was prepared `cycleDays` or
 * more days ago. The cycle timer prepares a draft batch then (docs/decisions/0121-payouts.md).
 */
export function cycleDue(lastBatchAt: Date | null, now: Date, cycleDays: number): boolean {
  if (!lastBatchAt) return true;
  return now.getTime() - lastBatchAt.getTime() >= Math.max(1, cycleDays) * 24 * 60 * 60 * 1000;
}

// ---------------------------------------------------------------------------------------------------------
// Payout accounts
// ---------------------------------------------------------------------------------------------------------

/** IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const isValidIfsc = (s: string): boolean => /^[A-Z]{4}0[A-Z0-9]{6}$/.test(s);
/** Indian bank account numbers run from 9 to 18 digits. */
export const isValidAccountNumber = (s: string): boolean => /^\d{9,18}$/.test(s);
/** UPI id (VPA): name@handle. */
export const isValidVpa = (s: string): boolean =>
  /^[a-zA-Z0-9][a-zA-Z0-9._-]{1,255}@[a-zA-Z][a-zA-Z0-9]{1,63}$/.test(s);
/** PAN: five letters, four digits, a letter; the fourth letter is the holder's type. */
export const isValidPan = (s: string): boolean => /^[A-Z]{3}[ABCFGHLJPT][A-Z]\d{4}[A-Z]$/.test(s);

/** The PAN inside a GSTIN (characters 3–12). */
export function panOfGstin(gstin: string | null | undefined): string | undefined {
  const g = (gstin ?? '').trim().toUpperCase();
  if (g.length !== 15) return undefined;
  const pan = g.slice(2, 12);
  return isValidPan(pan) ? pan : undefined;
}

/** An account number shown without giving it away: 'XXXXXX1234'. */
export function maskAccountNumber(n: string): string {
  return n.length <= 4 ? n : `${'X'.repeat(n.length - 4)}${n.slice(-4)}`;
}

// ---------------------------------------------------------------------------------------------------------
// Balances
// ---------------------------------------------------------------------------------------------------------

export type SellerBalance = {
  /** Sales not delivered yet (only when sales are recorded on shipping). */
  pending: Minor;
  /** Delivered, inside the return window or with a return open. */
  onHold: Minor;
  /** Released and not yet in a payout; negative = carried forward. */
  payable: Minor;
  /** In payouts approved or waiting for approval, not settled yet. */
  inPayout: Minor;
  /** Paid out (processed payouts). */
  paid: Minor;
};

/** Sums unpaid entries into their buckets. */
export function bucketTotals(
  entries: Iterable<{ amount: Minor; bucket: HoldBucket }>,
): Pick<SellerBalance, 'pending' | 'onHold' | 'payable'> {
  const t = { pending: 0, onHold: 0, payable: 0 };
  for (const e of entries) {
    if (e.bucket === 'pending') t.pending += e.amount;
    else if (e.bucket === 'on_hold') t.onHold += e.amount;
    else t.payable += e.amount;
  }
  return t;
}

/** A percentage of paise, exposed for statements and certificates ('0.5' of 100000 → 500). */
export const percentOfPaise = (base: Minor, rate: string): Minor => percentOf(base, rate);

/** Checks a percentage string for the settings forms: 0–100, at most two decimals. */
export function isPercent(s: string): boolean {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return false;
  const d = parseDecimal(s);
  return d.units <= 100n * 10n ** BigInt(d.scale);
}
