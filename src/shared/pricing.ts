import { discountedUnitPrice, type Discount } from './discounts.ts';
import {
  INR,
  convertMinor,
  decimalToString,
  parseDecimal,
  parseMoney,
  roundingIncrement,
  sumMoney,
  toSafeMinor,
  type CurrencySpec,
  type CurrencyRules,
  type DecimalInput,
  type Minor,
} from './money.ts';
import { gstComponents, gstTotal, type GstComponents } from './gst.ts';
import { gstRateFor, SHIPPED_GST_RULES, type GstRateRule } from './gst-rates.ts';
import { payoutSplit, type PayoutSplit } from './payout.ts';
import { type MaybeList } from './tax.ts';

/**
 * Cart and order pricing (docs/product/pricing-and-tax.md; ADR 0042), one function for the cart page, the
 * checkout summary and the server's authoritative recomputation in `POST /api/orders`.
 *
 * INR: discount per unit (half-up), line = qty × discounted unit, GST per line (half-up).
 * Display currency: each unit price is converted once, half-up (to the cash step for CHF-like
 * currencies); the line, its discount and its GST are then computed in the display currency from those
 * converted unit prices, with the same per-line rule. Totals are sums of rounded lines, so in either
 * currency itemsPrice + taxPrice = totalPrice and originalItemsPrice − discount = itemsPrice exactly, and
 * every line shown adds up (qty × unit = line) for the buyer.
 */

export type CartLineInput = {
  productId: string;
  qty: number;
  /** List unit price in INR paise. */
  priceInr: Minor;
  discount?: Discount | null;
  hsn: MaybeList<string | number>;
  /** The product's category, for category-keyed dated GST rules. */
  categoryId?: string | null;
  categoryTax: MaybeList<DecimalInput>;
  percentageMarkup: DecimalInput;
  /** The seller's GST state code ('27'); unknown → the line's tax is IGST. */
  sellerStateCode?: string | null;
};

export type PricingOptions = {
  now: Date | number;
  couponCodes?: readonly string[];
  /** The display currency (a currency-table row; `rounding` 0.05 for CHF). */
  currency: CurrencySpec;
  /** Units of the display currency per 1 INR ('1' for INR, '0.011976' for USD). */
  rateFromInr: DecimalInput;
  /** The dated GST rules (the gst_rates table); the shipped rules when absent. */
  gstRules?: readonly GstRateRule[];
  /** GST state code of the delivery state (the place of supply); unknown or abroad → IGST. */
  deliveryStateCode?: string | null;
};

export type LineAmounts = {
  unitPrice: Minor;
  discountedUnitPrice: Minor;
  discountPerUnit: Minor;
  /** qty × unitPrice. */
  originalLineTotal: Minor;
  /** qty × discountPerUnit. */
  lineDiscount: Minor;
  /** qty × discountedUnitPrice. */
  lineTotal: Minor;
  /** cgst + sgst + igst. */
  tax: Minor;
  /** The tax by component, each rounded half-up on its own. */
  gst: GstComponents;
};

export type PricedLine = {
  productId: string;
  qty: number;
  discountApplied: boolean;
  /** GST percent as a canonical decimal string ('12', '5', '18'). */
  taxRate: string;
  /** Seller and delivery in the same state: CGST + SGST; otherwise IGST. */
  intraState: boolean;
  sellerStateCode: string | null;
  inr: LineAmounts;
  display: LineAmounts;
  /** Seller payout and marketplace take for the line, in INR (payouts are paid in INR). */
  payout: PayoutSplit;
};

export type CartTotals = {
  /** Sum of line totals, after discounts. */
  itemsPrice: Minor;
  /** Sum of qty × list price. */
  originalItemsPrice: Minor;
  discount: Minor;
  shippingPrice: Minor;
  taxPrice: Minor;
  cgst: Minor;
  sgst: Minor;
  igst: Minor;
  totalPrice: Minor;
};

export type PricedCart = {
  lines: PricedLine[];
  totals: { inr: CartTotals; display: CartTotals };
  currency: CurrencySpec;
  /** The rate used, canonical, for storing on the order (`exchangeRate`). */
  rateFromInr: string;
  /** docs/product/pricing-and-tax.md cart percent off, from the INR totals. */
  percentOff: number;
};

/** Shipping is always 0 (docs/product/pricing-and-tax.md "(Free Shipping)"). */
export const SHIPPING_PRICE = 0;

/**
 * An INR amount in the display currency, for single prices on the storefront, half-up to the currency's
 * minor unit or cash step. docs/product/pricing-and-tax.md convert by *dividing* by rate[INR] from the display
 * currency's table (INR per display unit, e.g. 83.5 for USD). Dividing by r is multiplying by 1/r, so we
 * take `rateFromInr` = display units per 1 INR (what the order stores as `exchangeRate`; `invertRate`
 * in money.ts derives it from a table's rate[INR]) and multiply by that exact decimal.
 */
export function convertFromInr(minorInr: Minor, rateFromInr: DecimalInput, target: CurrencyRules): Minor {
  return convertMinor(minorInr, rateFromInr, INR, target);
}

/**
 * docs/product/pricing-and-tax.md: the percent saved, rounded up when not whole (10.2 % → 11, exactly 10 % → 10); 0 when nothing
 * was saved or there was nothing to save on.
 */
export function cartPercentOff(originalTotal: Minor, discountedTotal: Minor): number {
  if (!Number.isSafeInteger(originalTotal) || !Number.isSafeInteger(discountedTotal)) {
    throw new RangeError('totals must be safe integers of minor units');
  }
  if (originalTotal <= 0 || discountedTotal >= originalTotal) return 0;
  const saved = BigInt(originalTotal) - BigInt(discountedTotal);
  const scaled = saved * 100n;
  const whole = scaled / BigInt(originalTotal);
  return Number(scaled % BigInt(originalTotal) === 0n ? whole : whole + 1n);
}

function lineAmounts(
  unitPrice: Minor,
  discountedUnitPrice: Minor,
  qty: number,
  gst: GstComponents,
): LineAmounts {
  const q = BigInt(qty);
  return {
    unitPrice,
    discountedUnitPrice,
    discountPerUnit: unitPrice - discountedUnitPrice,
    originalLineTotal: toSafeMinor(BigInt(unitPrice) * q),
    lineDiscount: toSafeMinor(BigInt(unitPrice - discountedUnitPrice) * q),
    lineTotal: toSafeMinor(BigInt(discountedUnitPrice) * q),
    tax: gstTotal(gst),
    gst,
  };
}

function totalsOf(amounts: LineAmounts[]): CartTotals {
  const itemsPrice = sumMoney(amounts.map((a) => a.lineTotal));
  const originalItemsPrice = sumMoney(amounts.map((a) => a.originalLineTotal));
  const discount = sumMoney(amounts.map((a) => a.lineDiscount));
  const taxPrice = sumMoney(amounts.map((a) => a.tax));
  return {
    cgst: sumMoney(amounts.map((a) => a.gst.cgst)),
    sgst: sumMoney(amounts.map((a) => a.gst.sgst)),
    igst: sumMoney(amounts.map((a) => a.gst.igst)),
    itemsPrice,
    originalItemsPrice,
    discount,
    shippingPrice: SHIPPING_PRICE,
    taxPrice,
    totalPrice: sumMoney([itemsPrice, SHIPPING_PRICE, taxPrice]),
  };
}

/** Prices a cart or an order from catalogue data. Throws RangeError on impossible input (qty 0, NaN …). */
export function priceCart(lines: readonly CartLineInput[], opts: PricingOptions): PricedCart {
  const rate = parseDecimal(opts.rateFromInr, 'exchange rate');
  if (rate.units <= 0n) throw new RangeError('Exchange rate must be positive');
  const rateText = decimalToString(rate);
  const priced = lines.map((line): PricedLine => {
    const { qty, priceInr } = line;
    if (!Number.isSafeInteger(qty) || qty < 1) throw new RangeError(`Invalid quantity for ${line.productId}`);
    if (!Number.isSafeInteger(priceInr) || priceInr < 0) {
      throw new RangeError(`Invalid price for ${line.productId}`);
    }
    const d = discountedUnitPrice(priceInr, line.discount, {
      now: opts.now,
      couponCodes: opts.couponCodes ?? [],
    });
    const { rate: taxRate } = gstRateFor(opts.gstRules ?? SHIPPED_GST_RULES, {
      hsn: line.hsn,
      categoryId: line.categoryId ?? null,
      categoryTax: line.categoryTax,
      unitPricePaise: d.unitPrice,
      qty,
      at: opts.now,
    });
    const sellerStateCode = line.sellerStateCode ?? null;
    const deliveryStateCode = opts.deliveryStateCode ?? null;
    const intraState = sellerStateCode !== null && sellerStateCode === deliveryStateCode;
    const lineTotalOf = (unit: Minor) => toSafeMinor(BigInt(unit) * BigInt(qty));
    const inr = lineAmounts(
      priceInr,
      d.unitPrice,
      qty,
      gstComponents(lineTotalOf(d.unitPrice), taxRate, intraState),
    );
    const unitShown = convertFromInr(priceInr, rateText, opts.currency);
    const discountedShown = convertFromInr(d.unitPrice, rateText, opts.currency);
    const display = lineAmounts(
      unitShown,
      discountedShown,
      qty,
      gstComponents(lineTotalOf(discountedShown), taxRate, intraState, roundingIncrement(opts.currency)),
    );
    const payout = payoutSplit({
      unitPrice: priceInr,
      discountPerUnit: d.discountPerUnit,
      qty,
      percentageMarkup: line.percentageMarkup,
    });
    return {
      productId: line.productId,
      qty,
      discountApplied: d.applied,
      taxRate,
      intraState,
      sellerStateCode,
      inr,
      display,
      payout,
    };
  });
  const inrTotals = totalsOf(priced.map((l) => l.inr));
  return {
    lines: priced,
    totals: { inr: inrTotals, display: totalsOf(priced.map((l) => l.display)) },
    currency: opts.currency,
    rateFromInr: rateText,
    percentOff: cartPercentOff(inrTotals.originalItemsPrice, inrTotals.itemsPrice),
  };
}

/** A cart line as the browser keeps it: the product id, quantity, stored INR price and category. */
export type PreviewItem = { product: string; qty: number; price: number; categoryId?: string };
/** A product's tax facts (GET /api/gst/tax-facts): its HSN, category rate and seller's state. */
export type ProductTaxFact = {
  categoryId: string;
  hsn: string;
  categoryTax: string;
  sellerStateCode: string | null;
};

export type PreviewInput = {
  /** Live discounts by product id (the storefront list: coupon codes hidden). */
  discounts: ReadonlyMap<string, Discount>;
  /** Discounts the entered coupon codes revealed (the coupon lookup's rows), by product id. */
  couponDiscounts: ReadonlyMap<string, Discount>;
  couponCodes: readonly string[];
  /**
   * Tax facts by product id: HSN, category rate and the seller's state for the CGST/SGST split. A product
   * missing from them (or all, without them) previews at 0 %; the server charges the real rate.
   */
  facts?: ReadonlyMap<string, ProductTaxFact>;
  /** The dated GST rules (GET /api/gst/tax-facts); the shipped ones when absent. */
  gstRules?: readonly GstRateRule[];
  /** GST state code of the delivery address, when known. */
  deliveryStateCode?: string | null;
  now: Date | number;
  currency: CurrencySpec;
  rateFromInr: DecimalInput;
};

/**
 * The browser's preview of a cart (the cart page and the Place Order summary), through the same
 * `priceCart` the server uses when the order is placed; the server reprices everything from the database
 * then, so this is what the buyer expects to pay, not what is charged. One discount per product: the row
 * a coupon lookup returned (its code known) wins over the storefront list's row, which hides coupon codes
 * and so never applies by itself. The preview takes no markup: payouts are not shown to buyers.
 */
export function priceCartPreview(items: readonly PreviewItem[], input: PreviewInput): PricedCart {
  return priceCart(
    items.map((item): CartLineInput => {
      const fact = input.facts?.get(item.product);
      return {
        productId: item.product,
        qty: item.qty,
        priceInr: parseMoney(item.price, INR.decimalDigits),
        discount: input.couponDiscounts.get(item.product) ?? input.discounts.get(item.product) ?? null,
        hsn: fact?.hsn ?? '',
        categoryId: fact?.categoryId ?? item.categoryId ?? null,
        categoryTax: fact?.categoryTax ?? 0,
        sellerStateCode: fact?.sellerStateCode ?? null,
        percentageMarkup: 0,
      };
    }),
    {
      now: input.now,
      couponCodes: input.couponCodes,
      currency: input.currency,
      rateFromInr: input.rateFromInr,
      gstRules: input.gstRules,
      deliveryStateCode: input.deliveryStateCode ?? null,
    },
  );
}
