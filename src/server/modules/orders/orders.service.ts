import { resolveBillingAddress, unpaidOrderCutoff } from '#shared/checkout.ts';
import { currencyByCode } from '#shared/currencies.ts';
import type { Discount } from '#shared/discounts.ts';
import {
  INR,
  formatDecimal,
  parseMoney,
  roundingIncrement,
  sumMoney,
  toWireNumber,
  type CurrencySpec,
  type Minor,
  type MoneyFormatCurrency,
} from '#shared/money.ts';
import { classifyOrderSearch } from '#shared/order-search.ts';
import { canViewOrder, isAdmin, isSeller, type Actor } from '#shared/permissions.ts';
import { priceCart, type CartLineInput } from '#shared/pricing.ts';
import {
  GST_STATE_CODES,
  gstComponents,
  gstTotal,
  placeOfSupplyOf,
  type GstComponents,
} from '#shared/gst.ts';
import { isUuid } from '#shared/schemas/common.ts';
import { NO_SIZE } from '#shared/schemas/product-form.ts';
import { nameWithVariant, unitPriceOf } from '#shared/variants.ts';
import { isIndia } from '#shared/delivery.ts';
import { isLiveShipment, shipmentMove } from '#shared/fulfilment.ts';
import { orderProgress } from '#shared/order-progress.ts';
import { DEFAULT_ORDER_QTY_LIMIT, qtyOverLimitMessage } from '#shared/order-quantity.ts';
import {
  ORDER_PAGE_SIZE,
  type Order,
  type OrderItem,
  type OrderList,
  type OrderListRow,
  type PaymentMethod,
  type PlaceOrderInput,
  type SellerOrderLine,
  type SellerOrderLines,
} from '#shared/schemas/order.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { uniqueViolation } from '../../db/pg-errors.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import type { AuthedCtx } from '../../lib/types.ts';
import { orderRateFromInr } from './order-rate.ts';
import * as repo from './orders.repo.ts';
import { enqueue } from '../../jobs/queue.ts';
import { ordersPlaced, paymentsPaid } from '../../lib/metrics.ts';
import { promiseForOrder } from '../delivery/delivery.service.ts';
import { allGstRules, sellerStateCodes } from '../gst/gst.service.ts';
import { taxDocumentsOnOrderCompleted } from '../tax-documents/tax-documents.service.ts';
import {
  assertCodHoldingAllowed,
  createShipmentsForOrder,
  deliverOrderShipments,
  linesOfShipment,
  lockShipmentsOfOrder,
  moveShipment,
  restockLines,
  reverseSellerPayments,
} from '../fulfilment/fulfilment.service.ts';

/**
 * Orders (docs/product/api.md#resources, docs/product/orders-and-checkout.md#checkout-flow, docs/product/api.md; docs/product/pricing-and-tax.md): placing one with server-side prices in one transaction, reading
 * them by role, delivery, cash-on-delivery payment, and cancelling unpaid online-payment orders.
 */

export const ORDER_SERVICE_MSG = {
  notFound: 'Order not found',
  productNotFound: (id: string) => `Product not found: ${id}`,
  unavailable: (name: string) => `${name} is no longer available`,
  /** `name` may carry the variant: `nameWithVariant` ("Kurta (size L)"). */
  outOfStock: (name: string) => `${name} is out of stock`,
  onlyLeft: (n: number, name: string) => `Only ${n} left of ${name}`,
  sizeNotOffered: (size: string, name: string) => `Size ${size} is not available for ${name}`,
  colourNotOffered: (colour: string, name: string) => `Colour ${colour} is not available for ${name}`,
  variantNotOffered: (name: string) => `The chosen size or colour is not available for ${name}`,
  notCashOnDelivery: 'Only cash on delivery orders can be marked paid here',
  cancelledNotPaid: 'A cancelled order cannot be paid',
  cancelledNotDelivered: 'A cancelled order cannot be delivered',
  unpaidNotDelivered: 'This order is waiting for its online payment and cannot be delivered yet',
  nothingToDeliver: 'Nothing in this order is left to deliver',
  /** Above ORDER_QTY_LIMIT (ADR 0132); `name` may carry the variant. */
  qtyOverLimit: qtyOverLimitMessage,
} as const;

/**
 * The job kind that queues a completed order's mails: buyer, sellers, distributors (the notifications
 * module handles it). Queued by `queueOrderCompleted` only.
 */
export const ORDER_COMPLETED_JOB = 'order.completed';

/**
 * The order is complete: a cash on delivery order just placed, or an online order just marked paid. The
 * one place that says so (docs/decisions/0101-order-mails-queued-by-the-completing-transaction.md):
 * queues the completion job, due at once, in the caller's transaction, so it exists exactly when the
 * completion commits. The dedupe key makes any later call a no-op; each mail is queued once anyway.
 */
export async function queueOrderCompleted(tx: Queryable, orderId: string): Promise<void> {
  await enqueue(tx, ORDER_COMPLETED_JOB, { orderId }, { dedupeKey: `order-completed:${orderId}` });
  // In 'invoice on order' mode the sellers' tax invoices are issued now.
  await taxDocumentsOnOrderCompleted(tx, orderId, new Date());
}

/** 'N/A' (docs/product/messages.md: neither clothes nor shoes) and blanks are not sizes a buyer picks. */
const isRealSize = (size: string) => size.trim() !== '' && size.trim().toUpperCase() !== NO_SIZE;

// ---------------------------------------------------------------------------------------------------------
// Wire mapping
// ---------------------------------------------------------------------------------------------------------

const digitsOf = (code: string) => currencyByCode(code)?.decimalDigits ?? 2;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What the GST split of a line needs from its order. */
type OrderTaxFacts = { orderCurrency: string; placeOfSupply: string | null };

/** A line's amounts in the order's currency; null columns (rows not written by placeOrder) are INR's. */
function shownAmounts(item: repo.OrderItemRow, digits: number, order: OrderTaxFacts) {
  const amounts = {
    price: parseMoney(item.orderPrice ?? item.price, digits),
    discountedPrice: parseMoney(item.orderDiscountedPrice ?? item.discountedPrice, digits),
    taxAmount: parseMoney(item.orderTaxAmount ?? item.taxAmount, digits),
  };
  return { ...amounts, gst: shownGst(item, order, amounts) };
}

/** A tax split as migration 0016 split the older lines: CGST the half-up half, SGST the rest. */
function splitOf(tax: Minor, intraState: boolean): GstComponents {
  if (!intraState) return { cgst: 0, sgst: 0, igst: tax };
  const cgst = Math.floor((tax + 1) / 2);
  return { cgst, sgst: tax - cgst, igst: 0 };
}

/**
 * The line's GST components in the order's currency. INR: the stored components. Another currency: the
 * same split computed from the converted line (qty × discounted unit, each component half-up to the
 * currency's step), as the buyer was charged. Components that do not add up to the line's tax (rows
 * written directly, e.g. by tests) are split the way migration 0016 split the older orders.
 */
function shownGst(
  item: repo.OrderItemRow,
  order: OrderTaxFacts,
  shown: { discountedPrice: Minor; taxAmount: Minor },
): GstComponents {
  const stored = { cgst: parseMoney(item.cgst), sgst: parseMoney(item.sgst), igst: parseMoney(item.igst) };
  const intraState =
    stored.cgst > 0 ||
    stored.sgst > 0 ||
    (item.supplierStateCode !== null && item.supplierStateCode === order.placeOfSupply);
  const spec = currencyByCode(order.orderCurrency);
  if (order.orderCurrency !== INR.code && item.orderTaxAmount !== null && spec) {
    const taxable = shown.discountedPrice * item.qty;
    const c = gstComponents(taxable, String(item.tax), intraState, roundingIncrement(spec));
    return gstTotal(c) === shown.taxAmount ? c : splitOf(shown.taxAmount, intraState);
  }
  return gstTotal(stored) === shown.taxAmount ? stored : splitOf(shown.taxAmount, intraState);
}

function toOrderItem(
  item: repo.ItemWithSeller,
  currency: string,
  digits: number,
  order: OrderTaxFacts,
): OrderItem {
  const shown = shownAmounts(item, digits, order);
  const price = shown.price;
  const discounted = shown.discountedPrice;
  return {
    _id: item.id,
    product: item.productId,
    name: item.name,
    image: item.image,
    qty: item.qty,
    size: item.size,
    variant: item.variantId,
    colour: item.colour,
    sku: item.sku,
    price: toWireNumber(price, digits),
    currency,
    seller: { _id: item.sellerId, name: item.sellerName },
    discountedPrice: toWireNumber(discounted, digits),
    discount: toWireNumber(price - discounted, digits),
    hsn: item.hsn,
    tax: Number(item.tax),
    taxAmount: toWireNumber(shown.taxAmount, digits),
    cgst: toWireNumber(shown.gst.cgst, digits),
    sgst: toWireNumber(shown.gst.sgst, digits),
    igst: toWireNumber(shown.gst.igst, digits),
  };
}

/**
 * The order as its reader may see it. `scope: 'seller'`: only the seller's lines were loaded, so the
 * totals are over those lines, and the payment result (the provider's data) is left out.
 */
function toOrder(order: repo.OrderWithBuyer, items: repo.ItemWithSeller[], scope: 'full' | 'seller'): Order {
  const currency = order.orderCurrency;
  const digits = digitsOf(currency);
  const wire = (v: string) => toWireNumber(parseMoney(v, digits), digits);
  const shownLines = items.map((i) => ({ qty: i.qty, ...shownAmounts(i, digits, order) }));
  const component = (key: keyof GstComponents) =>
    toWireNumber(sumMoney(shownLines.map((l) => l.gst[key])), digits);
  let totals: Pick<
    Order,
    'itemsPrice' | 'shippingPrice' | 'taxPrice' | 'discount' | 'totalPrice' | 'totalPriceInr'
  >;
  if (scope === 'full') {
    totals = {
      itemsPrice: wire(order.itemsPrice),
      shippingPrice: wire(order.shippingPrice),
      taxPrice: wire(order.taxPrice),
      discount: wire(order.discount),
      totalPrice: wire(order.totalPrice),
      totalPriceInr: toWireNumber(parseMoney(order.totalPriceInr, 2), 2),
    };
  } else {
    const shown = shownLines;
    const itemsPrice = sumMoney(shown.map((i) => i.discountedPrice * i.qty));
    const taxPrice = sumMoney(shown.map((i) => i.taxAmount));
    const discount = sumMoney(shown.map((i) => (i.price - i.discountedPrice) * i.qty));
    const inr = sumMoney(items.map((i) => parseMoney(i.discountedPrice) * i.qty + parseMoney(i.taxAmount)));
    totals = {
      itemsPrice: toWireNumber(itemsPrice, digits),
      shippingPrice: 0,
      taxPrice: toWireNumber(taxPrice, digits),
      discount: toWireNumber(discount, digits),
      totalPrice: toWireNumber(itemsPrice + taxPrice, digits),
      totalPriceInr: toWireNumber(inr, 2),
    };
  }
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    user: { _id: order.userId, name: order.buyerName, email: order.buyerEmail },
    createdAt: order.createdAt.toISOString(),
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    paymentMethod: order.paymentMethod,
    ...totals,
    cgstPrice: component('cgst'),
    sgstPrice: component('sgst'),
    igstPrice: component('igst'),
    placeOfSupply: order.placeOfSupply
      ? { stateCode: order.placeOfSupply, stateName: GST_STATE_CODES[order.placeOfSupply] ?? '' }
      : null,
    buyerGstin: order.buyerGstin,
    buyerBusinessName: order.buyerBusinessName,
    orderCurrency: currency,
    exchangeRate: Number(order.exchangeRate),
    // A seller sharing a mixed order must not learn the codes the buyer typed for other sellers' goods.
    couponCodes: scope === 'full' ? order.couponCodes : [],
    status: order.status,
    cancelledAt: iso(order.cancelledAt),
    isPaid: order.isPaid,
    paidAt: iso(order.paidAt),
    ...(scope === 'full' ? { paymentResult: order.paymentResult ?? null } : {}),
    isDelivered: order.isDelivered,
    deliveredAt: iso(order.deliveredAt),
    orderItems: items.map((i) => toOrderItem(i, currency, digits, order)),
  };
}

function toListRow(row: repo.OrderListRowData): OrderListRow {
  const digits = digitsOf(row.orderCurrency);
  return {
    _id: row.id,
    orderNumber: row.orderNumber,
    items: row.itemNames.map((i) => nameWithVariant(i.name, i)),
    progress: orderProgress({
      status: row.status,
      paymentMethod: row.paymentMethod,
      isPaid: row.isPaid,
      isDelivered: row.isDelivered,
      shipments: row.shipmentStates,
      returns: row.returnFacts,
      refunds: row.refundStates,
    }),
    user: { _id: row.userId, name: row.buyerName, email: row.buyerEmail },
    createdAt: row.createdAt.toISOString(),
    paymentMethod: row.paymentMethod,
    totalPrice: toWireNumber(parseMoney(row.totalPrice, digits), digits),
    orderCurrency: row.orderCurrency,
    status: row.status,
    isPaid: row.isPaid,
    paidAt: iso(row.paidAt),
    isDelivered: row.isDelivered,
    deliveredAt: iso(row.deliveredAt),
  };
}

function toSellerLine(row: repo.SellerLineData): SellerOrderLine {
  const money = (v: string) => toWireNumber(parseMoney(v));
  return {
    _id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    buyer: { _id: row.buyerId, name: row.buyerName },
    product: row.productId,
    name: row.name,
    image: row.image,
    qty: row.qty,
    size: row.size,
    variant: row.variantId,
    colour: row.colour,
    sku: row.sku,
    price: money(row.price),
    discountedPrice: money(row.discountedPrice),
    discount: money(row.discount),
    currency: row.currency,
    tax: Number(row.tax),
    taxAmount: money(row.taxAmount),
    percentageMarkup: Number(row.percentageMarkup),
    itemTotalPrice: money(row.itemTotalPrice),
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentMethod,
    status: row.status,
    isPaid: row.isPaid,
    paidAt: iso(row.paidAt),
    isDelivered: row.isDelivered,
    deliveredAt: iso(row.deliveredAt),
  };
}

const pagesOf = (total: number) => Math.max(1, Math.ceil(total / ORDER_PAGE_SIZE));

async function loadFullOrder(db: Queryable, orderId: string): Promise<Order> {
  const order = await repo.findOrder(db, orderId);
  if (!order) throw notFound(ORDER_SERVICE_MSG.notFound);
  return toOrder(order, await repo.findOrderItems(db, orderId), 'full');
}

// ---------------------------------------------------------------------------------------------------------
// POST /api/orders
// ---------------------------------------------------------------------------------------------------------

const productNotFound = (productId: string) =>
  new AppError('invalid', ORDER_SERVICE_MSG.productNotFound(productId), { code: 'product_not_found' });

/** 409 naming the product and the variant: "Only 2 left of Kurta (size L)", "Kurta (size L) is out of stock". */
function shortfallError(name: string, left: number): AppError {
  if (left <= 0) return conflict(ORDER_SERVICE_MSG.outOfStock(name), 'out_of_stock');
  return conflict(ORDER_SERVICE_MSG.onlyLeft(left, name), 'out_of_stock');
}

type OrderLineInput = PlaceOrderInput['orderItems'][number];

/**
 * The variant an order line buys (docs/decisions/0102-product-variants.md), read with the product locked,
 * so the stock seen is the stock the conditional UPDATE will find. `left` is each variant's stock after
 * the lines resolved before this one.
 * - `variant` given: that variant, which must be the product's (400 otherwise).
 * - otherwise the variants of the size and colour given (a size of a product without real sizes, and a
 *   colour of a product without colours, are ignored, as SPEC's N/A always was); a size or colour the
 *   product does not have is a 400. SPEC's cart has no size picker: a line naming neither buys the
 *   product's only variant, or among several the first in display order that has all the units.
 * Among several candidates the first with enough stock wins; when none has, the 409 names the variant
 * when there was one candidate, else says how many one line can get.
 */
function resolveVariant(
  line: OrderLineInput,
  product: repo.OrderedProduct,
  variants: readonly repo.StockVariant[],
  left: Map<string, number>,
): repo.StockVariant {
  if (line.variant) {
    const chosen = variants.find((v) => v.id === line.variant);
    if (!chosen) throw invalid(ORDER_SERVICE_MSG.variantNotOffered(product.name));
    const have = left.get(chosen.id) ?? 0;
    if (have < line.qty) throw shortfallError(nameWithVariant(product.name, chosen), have);
    return chosen;
  }
  let candidates = [...variants];
  const size = line.size?.trim() ?? '';
  if (size !== '' && candidates.some((v) => isRealSize(v.size))) {
    candidates = candidates.filter((v) => v.size.trim().toLowerCase() === size.toLowerCase());
    if (candidates.length === 0) throw invalid(ORDER_SERVICE_MSG.sizeNotOffered(size, product.name));
  }
  const colour = line.colour?.trim() ?? '';
  if (colour !== '' && candidates.some((v) => v.colour !== null)) {
    candidates = candidates.filter((v) => (v.colour ?? '').toLowerCase() === colour.toLowerCase());
    if (candidates.length === 0) throw invalid(ORDER_SERVICE_MSG.colourNotOffered(colour, product.name));
  }
  const first = candidates[0];
  if (!first) throw conflict(ORDER_SERVICE_MSG.outOfStock(product.name), 'out_of_stock');
  const chosen = candidates.find((v) => (left.get(v.id) ?? 0) >= line.qty);
  if (chosen) return chosen;
  if (candidates.length === 1)
    throw shortfallError(nameWithVariant(product.name, first), left.get(first.id) ?? 0);
  throw shortfallError(product.name, Math.max(...candidates.map((v) => left.get(v.id) ?? 0)));
}

function toDiscount(d: repo.PricingFacts['discount']): Discount | null {
  if (!d) return null;
  return {
    discount_value: d.discountValue,
    discount_unit: d.discountUnit,
    valid_until: d.validUntil,
    coupon_code: d.couponCode,
    activate: d.activate,
  };
}

type PlannedLine = { product: repo.OrderedProduct; variant: repo.StockVariant; qty: number };

/**
 * The lines an order buys, decided from a snapshot of its products (pure): every product must exist and be
 * active, each line's variant is resolved against the stock the snapshot shows, and lines naming the same
 * variant are merged (the first one's place kept); two sizes of a product are two lines. Throws the 400 or
 * 409 the buyer sees.
 */
function planLines(
  input: PlaceOrderInput,
  productIds: readonly string[],
  snap: repo.OrderSnapshot,
  qtyLimit: number,
): PlannedLine[] {
  for (const id of productIds) if (!snap.products.has(id)) throw productNotFound(id);
  for (const id of productIds) {
    const p = snap.products.get(id)!;
    if (!p.status) throw conflict(ORDER_SERVICE_MSG.unavailable(p.name), 'product_unavailable');
  }
  const left = new Map<string, number>();
  for (const list of snap.variants.values()) for (const v of list) left.set(v.id, v.countInStock);
  const byVariant = new Map<string, PlannedLine>();
  for (const line of input.orderItems) {
    const product = snap.products.get(line.product)!;
    const variant = resolveVariant(line, product, snap.variants.get(product.id) ?? [], left);
    left.set(variant.id, (left.get(variant.id) ?? 0) - line.qty);
    const same = byVariant.get(variant.id);
    if (same) same.qty += line.qty;
    else byVariant.set(variant.id, { product, variant, qty: line.qty });
  }
  // The per-order limit counts an item's units over all the lines naming it (ADR 0132).
  for (const { product, variant, qty } of byVariant.values()) {
    if (qty > qtyLimit) {
      throw invalid(ORDER_SERVICE_MSG.qtyOverLimit(qtyLimit, nameWithVariant(product.name, variant)));
    }
  }
  return [...byVariant.values()];
}

/**
 * What an order written from `lines` depends on, stock counts aside: the same text for two snapshots means
 * the same lines, prices, discounts, taxes, names, images and SKUs.
 */
function planFingerprint(lines: readonly PlannedLine[], snap: repo.OrderSnapshot): string {
  return JSON.stringify(
    lines.map(({ product, variant, qty }) => {
      const { countInStock: _stock, ...options } = variant;
      return [product, options, qty, snap.facts.get(product.id) ?? null];
    }),
  );
}

/**
 * Thrown inside a speculative placement when the products changed between the unlocked read and the lock
 * (a price, a discount, a variant chosen differently): the transaction is rolled back and placed again
 * with the products locked first.
 */
class ProductsChanged extends Error {}

/** A deadlock (40P01) or serialization failure (40001), looked for through Drizzle's `cause` wrapping. */
function retryableConflict(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * The transaction of docs/product/pricing-and-tax.md. Returns the new order's id, or the first one's for a
 * repeated key.
 *
 * Locks, in the same order on both paths (and in the order every other writer of these rows takes them):
 * the Idempotency-Key's advisory lock, the products in id order (`lockProducts`, as restocking, catalogue
 * edits and variant writes do), then the buyer's cash-on-delivery advisory lock. Nothing is written before
 * the products are locked: inserting order lines takes key-share locks on their products and variants one
 * by one in cart order, which would invert the id order against a restock.
 *
 * `speculative` (the usual case, docs/decisions/0129-server-hot-paths.md): the products are read and the
 * order priced without any lock (variants, pricing, GST, the delivery promise: reads only); then the
 * products are locked, read again, the order planned again from what the lock shows and compared with the
 * first plan. A plan that differs (anything but the stock counts changed, or stock moved so a line would
 * pick another variant), or a refusal read without the lock, throws ProductsChanged and the caller runs
 * the non-speculative transaction, which locks the products before reading them. Either way every price,
 * discount and unit is the one the lock shows; the writes and the stock UPDATE follow, then the commit.
 */
async function placeInTransaction(
  tx: Queryable,
  actor: Actor,
  input: PlaceOrderInput,
  currency: CurrencySpec,
  rateFromInr: string,
  idempotencyKey: string | null,
  speculative: boolean,
  qtyLimit: number,
): Promise<{ id: string; created: boolean; order?: Order }> {
  if (idempotencyKey) {
    await repo.lockIdempotencyKey(tx, actor.id, idempotencyKey);
    const existing = await repo.orderIdByIdempotencyKey(tx, actor.id, idempotencyKey);
    if (existing) return { id: existing, created: false };
  }

  const productIds = [...new Set(input.orderItems.map((l) => l.product))].sort();
  if (!speculative) await repo.lockProducts(tx, productIds);
  const snap = await repo.orderSnapshot(tx, productIds);
  let planned: PlannedLine[];
  try {
    planned = planLines(input, productIds, snap, qtyLimit);
  } catch (err) {
    // A refusal read without the lock is confirmed under it: a concurrent restock may be committing.
    if (speculative) throw new ProductsChanged();
    throw err;
  }
  const facts = snap.facts;
  const units = planned.reduce((n, l) => n + l.qty, 0);
  // GST (docs/decisions/0116-gst-rates-as-dated-data.md): the dated rules in force today, the place of
  // supply (the delivery state; none abroad → IGST) and each seller's state (GSTIN, else address).
  const gstRules = await allGstRules(tx);
  const sellerStates = await sellerStateCodes(
    tx,
    planned.map((l) => l.product.sellerId),
  );
  const placeOfSupply = placeOfSupplyOf(input.shippingAddress) ?? null;

  const lines = planned.map(({ product, variant, qty }) => {
    const fact = facts.get(product.id);
    if (!fact) throw new Error(`placeOrder: product ${product.id} vanished inside its transaction`);
    const pricing: CartLineInput = {
      productId: product.id,
      qty,
      // A variant's own price replaces the product's for its line; discounts apply to it the same way.
      priceInr: parseMoney(unitPriceOf(product.price, variant)),
      discount: toDiscount(fact.discount),
      hsn: fact.hsn,
      categoryId: fact.categoryId,
      categoryTax: fact.categoryTax,
      sellerStateCode: sellerStates.get(product.sellerId) ?? null,
      percentageMarkup: product.percentageMarkup,
    };
    return { product, variant, fact, pricing };
  });

  const priced = priceCart(
    lines.map((l) => l.pricing),
    {
      now: new Date(),
      couponCodes: input.couponCodes,
      currency,
      rateFromInr,
      gstRules,
      deliveryStateCode: placeOfSupply,
    },
  );
  // The delivery promise: every line must reach the address; cash on delivery only where every line allows it.
  const promise = await promiseForOrder(tx, {
    buyerId: actor.id,
    country: input.shippingAddress.country,
    postalCode: input.shippingAddress.postalCode,
    paymentMethod: input.paymentMethod,
    lines: lines.map((l, i) => ({
      productId: l.product.id,
      sellerId: l.product.sellerId,
      name: nameWithVariant(l.product.name, l.variant),
      qty: l.pricing.qty,
      // What the buyer pays for the line, GST included: the cash-on-delivery limit is on that.
      lineTotalInr: formatDecimal((priced.lines[i]?.inr.lineTotal ?? 0) + (priced.lines[i]?.inr.tax ?? 0)),
    })),
    now: new Date(),
  });
  const digits = currency.decimalDigits;
  const shown = (m: Minor) => formatDecimal(m, digits);
  const { display, inr } = priced.totals;

  if (speculative) {
    // Priced from the unlocked read: now the lock, and the same plan read again under it.
    await repo.lockProducts(tx, productIds);
    const lockedSnap = await repo.orderSnapshot(tx, productIds);
    let again: PlannedLine[];
    try {
      again = planLines(input, productIds, lockedSnap, qtyLimit);
    } catch {
      throw new ProductsChanged();
    }
    if (planFingerprint(again, lockedSnap) !== planFingerprint(planned, snap)) throw new ProductsChanged();
  }
  // The buyer's cash-on-delivery holding, counted under its lock, taken after the products' on both paths.
  if (input.paymentMethod === 'CashOnDelivery')
    await assertCodHoldingAllowed(tx, actor.id, units, promise.codSettings);

  const order = await repo.insertOrder(tx, {
    userId: actor.id,
    shippingAddress: input.shippingAddress,
    billingAddress: resolveBillingAddress(input.billingAddress, input.shippingAddress, actor.name),
    paymentMethod: input.paymentMethod,
    itemsPrice: shown(display.itemsPrice),
    shippingPrice: shown(display.shippingPrice),
    taxPrice: shown(display.taxPrice),
    discount: shown(display.discount),
    totalPrice: shown(display.totalPrice),
    totalPriceInr: formatDecimal(inr.totalPrice),
    orderCurrency: currency.code,
    exchangeRate: priced.rateFromInr,
    couponCodes: input.couponCodes,
    buyerGstin: input.buyerGstin,
    buyerBusinessName: input.buyerBusinessName,
    placeOfSupply,
    idempotencyKey,
  });

  const items = await repo.insertOrderItems(
    tx,
    lines.map((l, position) => {
      const p = priced.lines[position];
      if (!p) throw new Error('placeOrder: a priced line is missing');
      return {
        orderId: order.id,
        productId: l.product.id,
        sellerId: l.product.sellerId,
        position,
        name: l.product.name,
        image: l.fact.images,
        variantId: l.variant.id,
        // The variant's options and SKU are copied: the line keeps them if the variant is deleted later.
        size: isRealSize(l.variant.size) ? l.variant.size : null,
        colour: l.variant.colour,
        sku: l.variant.sku,
        qty: p.qty,
        price: formatDecimal(p.inr.unitPrice),
        currency: INR.code,
        discountedPrice: formatDecimal(p.inr.discountedUnitPrice),
        discount: formatDecimal(p.inr.discountPerUnit),
        hsn: [l.fact.hsn],
        tax: p.taxRate,
        taxAmount: formatDecimal(p.inr.tax),
        supplierStateCode: p.sellerStateCode,
        cgst: formatDecimal(p.inr.gst.cgst),
        sgst: formatDecimal(p.inr.gst.sgst),
        igst: formatDecimal(p.inr.gst.igst),
        orderPrice: shown(p.display.unitPrice),
        orderDiscountedPrice: shown(p.display.discountedUnitPrice),
        orderTaxAmount: shown(p.display.tax),
        percentageMarkup: l.product.percentageMarkup,
      };
    }),
  );
  const payoutByPosition = new Map(items.map((item) => [item.position, item]));
  await repo.insertSellerPayments(
    tx,
    priced.lines.map((p, position) => {
      const item = payoutByPosition.get(position);
      if (!item) throw new Error('placeOrder: an order item is missing');
      return {
        orderId: order.id,
        orderItemId: item.id,
        sellerId: item.sellerId,
        itemTotalPrice: formatDecimal(p.payout.sellerPayout),
        currency: INR.code,
        paymentStatus: 'Pending' as const,
      };
    }),
  );
  // One shipment per seller, each with the delivery date promised for it (docs/decisions/0109-shipments-per-seller.md).
  await createShipmentsForOrder(tx, order.id, {
    pincode: isIndia(input.shippingAddress.country) ? input.shippingAddress.postalCode.trim() : null,
    expected: promise.deliveryBy,
    sellerIds: items.map((item) => item.sellerId),
  });
  // A cash on delivery order is complete when placed: its mails leave now, whatever the browser does.
  if (input.paymentMethod === 'CashOnDelivery') await queueOrderCompleted(tx, order.id);

  // Take the stock: one conditional UPDATE for every variant, the products locked. Throwing rolls every
  // decrement back: nothing is written.
  const taken = await repo.takeVariantsStock(
    tx,
    planned.map((l) => ({ variantId: l.variant.id, qty: l.qty })),
  );
  for (const l of planned) {
    // Not expected with the products locked; the database has the last word all the same.
    if (!taken.has(l.variant.id)) {
      throw shortfallError(nameWithVariant(l.product.name, l.variant), l.variant.countInStock);
    }
  }
  const shownItems = items
    .map((item) => ({ ...item, sellerName: facts.get(item.productId ?? '')?.sellerName ?? '' }))
    .sort((a, b) => a.position - b.position);
  return {
    id: order.id,
    created: true,
    order: toOrder({ ...order, buyerName: actor.name, buyerEmail: actor.email }, shownItems, 'full'),
  };
}

/**
 * POST /api/orders (docs/product/pricing-and-tax.md). Every price, discount, tax and total comes from the database; the body
 * carries only products, quantities, sizes, addresses, method, currency and coupon codes. With an
 * Idempotency-Key, a repeated submission (sequential or concurrent) returns the first order, `created`
 * false; the first order is returned even if the repeat's body differs.
 */
export async function placeOrder(
  ctx: AuthedCtx,
  input: PlaceOrderInput,
  idempotencyKey: string | null = null,
  /** ORDER_QTY_LIMIT: the most units of one item (variant) the order may hold. */
  qtyLimit: number = DEFAULT_ORDER_QTY_LIMIT,
): Promise<{ order: Order; created: boolean }> {
  const spec = currencyByCode(input.orderCurrency);
  if (!spec) throw invalid('Please select a currency.');
  const currency: CurrencySpec = {
    code: spec.code,
    decimalDigits: spec.decimalDigits,
    rounding: spec.rounding,
  };
  const rateFromInr = await orderRateFromInr(ctx.db, spec.code);

  let result: { id: string; created: boolean; order?: Order };
  try {
    const place = (speculative: boolean) =>
      ctx.db.transaction((tx) =>
        placeInTransaction(
          tx,
          ctx.actor,
          input,
          currency,
          rateFromInr,
          idempotencyKey,
          speculative,
          qtyLimit,
        ),
      );
    const attempt = () =>
      place(true).catch((err: unknown) => {
        if (err instanceof ProductsChanged) return place(false);
        throw err;
      });
    // Every lock is taken in one order, so a deadlock is not expected; should one happen all the same
    // (or a serialization failure), the whole transaction rolled back and is placed once more.
    result = await attempt().catch((err: unknown) => {
      if (retryableConflict(err)) return attempt();
      throw err;
    });
  } catch (err) {
    // The advisory lock makes this rare (a repeat only gets here if the first one's lock was not held,
    // e.g. a key reused across a failover); the unique key still guarantees a single order.
    if (idempotencyKey && uniqueViolation(err) === 'orders_idempotency_key') {
      const existing = await repo.orderIdByIdempotencyKey(ctx.db, ctx.actor.id, idempotencyKey);
      if (existing) return { order: await loadFullOrder(ctx.db, existing), created: false };
    }
    throw err;
  }
  if (result.created) ordersPlaced.inc({ method: input.paymentMethod });
  // A new order is shown from the rows its transaction wrote; a repeated key's from the database.
  return { order: result.order ?? (await loadFullOrder(ctx.db, result.id)), created: result.created };
}

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

/**
 * GET /api/orders/:id. The buyer, Admin and Distributor see the whole order; a seller sees it only when it
 * holds their lines, and then only those lines. Anyone else gets 404, as for an unknown id.
 */
export async function getOrder(ctx: AuthedCtx, orderId: string): Promise<Order> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw notFound(ORDER_SERVICE_MSG.notFound);
  if (canViewOrder(ctx.actor, order.userId)) {
    return toOrder(order, await repo.findOrderItems(ctx.db, orderId), 'full');
  }
  if (isSeller(ctx.actor)) {
    const mine = await repo.findOrderItems(ctx.db, orderId, ctx.actor.id);
    if (mine.length > 0) return toOrder(order, mine, 'seller');
  }
  throw notFound(ORDER_SERVICE_MSG.notFound);
}

/** GET /api/orders/myorders: the signed-in buyer's orders, newest first. */
export async function myOrders(ctx: AuthedCtx): Promise<OrderListRow[]> {
  return (await repo.ordersOfBuyer(ctx.db, ctx.actor.id)).map(toListRow);
}

/**
 * GET /api/orders (Admin, Distributor; the route checks): every order, filtered, 20 a page. `q` finds
 * orders by number, buyer e-mail or phone (the query schema has refused anything else).
 */
export async function listOrders(
  ctx: AuthedCtx,
  query: { pageNumber: number; paid?: boolean; delivered?: boolean; q?: string },
): Promise<OrderList> {
  const search = query.q ? (classifyOrderSearch(query.q) ?? undefined) : undefined;
  const { rows, total } = await repo.listOrders(
    ctx.db,
    { paid: query.paid, delivered: query.delivered, search },
    query.pageNumber,
  );
  return { orders: rows.map(toListRow), page: query.pageNumber, pages: pagesOf(total) };
}

/** GET /api/orders/seller/:userId: a seller's own lines; Admin may look at any seller's. */
export async function sellerOrderLines(
  ctx: AuthedCtx,
  sellerId: string,
  pageNumber: number,
): Promise<SellerOrderLines> {
  const own = ctx.actor.id === sellerId && isSeller(ctx.actor);
  if (!own && !isAdmin(ctx.actor)) throw forbidden();
  const { rows, total } = await repo.sellerLines(ctx.db, sellerId, pageNumber);
  return { orderLines: rows.map(toSellerLine), page: pageNumber, pages: pagesOf(total) };
}

// ---------------------------------------------------------------------------------------------------------
// Payment, delivery, expiry
// ---------------------------------------------------------------------------------------------------------

export type MarkPaidInput = {
  method: PaymentMethod;
  /** What the provider (or the person marking it) reported; stored as the order's paymentResult. */
  paymentResult: Record<string, unknown>;
  /** Defaults to the database's now(). */
  paidAt?: Date;
};

/**
 * The one place an order becomes paid (docs/product/payments.md), for the payments module and the cash-on-delivery
 * route. A conditional UPDATE: only a placed (not cancelled), unpaid order changes, so concurrent callers
 * (browser callback and webhook) pay it once. Returns whether THIS call paid it. It also records `method`
 * as the order's payment method (the way it was actually paid). Paying completes the order, so its mails
 * are queued in the same transaction (`queueOrderCompleted`). Run it inside the caller's transaction when
 * the payment record must commit with it.
 */
export async function markOrderPaid(tx: Queryable, orderId: string, input: MarkPaidInput): Promise<boolean> {
  const paid = await repo.setPaid(tx, orderId, {
    method: input.method,
    paymentResult: input.paymentResult,
    paidAt: input.paidAt ?? null,
  });
  // Paid online, the order is complete now (a cash on delivery order was complete when placed: no-op).
  if (paid) await queueOrderCompleted(tx, orderId);
  return paid;
}

/**
 * PUT /api/orders/:id/CashOnDelivery/pay (Admin, Distributor; the route checks): marks an unpaid
 * cash-on-delivery order paid. Already paid: answered with the order as it is (idempotent).
 */
export async function payCashOnDelivery(ctx: AuthedCtx, orderId: string, note?: string): Promise<Order> {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw notFound(ORDER_SERVICE_MSG.notFound);
  if (order.paymentMethod !== 'CashOnDelivery') throw invalid(ORDER_SERVICE_MSG.notCashOnDelivery);
  if (order.status === 'cancelled') throw conflict(ORDER_SERVICE_MSG.cancelledNotPaid, 'order_cancelled');
  if (!order.isPaid) {
    const paid = await markOrderPaid(ctx.db, orderId, {
      method: 'CashOnDelivery',
      paymentResult: {
        method: 'CashOnDelivery',
        markedBy: { _id: ctx.actor.id, name: ctx.actor.name },
        ...(note ? { note } : {}),
      },
    });
    if (paid) paymentsPaid.inc({ method: 'CashOnDelivery' });
  }
  return loadFullOrder(ctx.db, orderId);
}

/**
 * PUT /api/orders/:id/deliver (Admin, Distributor; the route checks). There is no way back. SPEC's
 * order-level control acts on every live shipment of the order: each one not yet delivered is moved to
 * delivered, whatever its step (docs/decisions/0109-shipments-per-seller.md), and the order's flags follow
 * from its shipments. Delivering an order already delivered answers it as it is (idempotent, the first
 * deliveredAt kept); a cancelled order, or an unpaid RazorPay/PayPal one, is a 409.
 */
export async function deliverOrder(ctx: AuthedCtx, orderId: string): Promise<Order> {
  await ctx.db.transaction(async (tx) => {
    const order = await repo.findOrder(tx, orderId);
    if (!order) throw notFound(ORDER_SERVICE_MSG.notFound);
    if (order.status === 'cancelled')
      throw conflict(ORDER_SERVICE_MSG.cancelledNotDelivered, 'order_cancelled');
    if (order.isDelivered) return;
    if (!order.isPaid && order.paymentMethod !== 'CashOnDelivery')
      throw conflict(ORDER_SERVICE_MSG.unpaidNotDelivered, 'order_unpaid');
    const actor = { id: ctx.actor.id, role: isAdmin(ctx.actor) ? 'admin' : 'distributor' } as const;
    const { total } = await deliverOrderShipments(tx, orderId, actor);
    // An order placed before shipments existed has none: its flag is set as it always was.
    if (total === 0) await repo.setDelivered(tx, orderId);
    else if (!(await repo.findOrder(tx, orderId))?.isDelivered)
      throw conflict(ORDER_SERVICE_MSG.nothingToDeliver);
  });
  return loadFullOrder(ctx.db, orderId);
}

/**
 * Cancels unpaid RazorPay/PayPal orders placed more than the unpaid-order limit (`unpaidOrderCutoff`,
 * 30 minutes) before `now` (docs/product/pricing-and-tax.md). Each order's shipments are cancelled by
 * 'system' through the fulfilment module's `moveShipment` (state machine, dated event, order flags) and
 * their units go back to the variants they were bought from with `restockLines`; the payout records are
 * taken back (docs/decisions/0110-cancellations.md). One transaction per order: the shipments are locked
 * first (the lock order of every move), then the order is cancelled by a conditional UPDATE, and stock
 * is returned only for orders this call cancelled, so running it twice at once (two server processes)
 * restocks once. An order a seller already shipped is left alone (only Admin cancels a shipped parcel).
 * Cash-on-delivery orders never expire here. Returns the ids this call cancelled.
 */
export async function expireUnpaidOrders(
  db: Database,
  now: Date = new Date(),
  batch = 200,
): Promise<{ cancelled: string[] }> {
  const before = unpaidOrderCutoff(now);
  const cancelled: string[] = [];
  const system = { id: null, role: 'system' } as const;
  const seen = new Set<string>();
  // Batches until none are left. A listed order this call cannot cancel was cancelled by another run or
  // paid meanwhile (so it is not listed again), or has a shipped parcel (seen, so the loop still ends).
  for (;;) {
    const ids = await repo.expiredOrderIds(db, before, batch);
    const fresh = ids.filter((id) => !seen.has(id));
    if (fresh.length === 0) break;
    for (const id of fresh) {
      seen.add(id);
      const done = await db.transaction(async (tx) => {
        const live = (await lockShipmentsOfOrder(tx, id)).filter((s) => isLiveShipment(s.state));
        if (live.some((s) => !shipmentMove(s.state, 'cancelled', 'system'))) return false;
        if (!(await repo.cancelUnpaid(tx, id, before, now))) return false;
        for (const s of live) {
          await moveShipment(tx, {
            shipmentId: s.id,
            to: 'cancelled',
            actor: system,
            set: { cancelReason: UNPAID_EXPIRY_REASON, cancelledBy: 'system' },
            at: now,
          });
          const units = (await linesOfShipment(tx, s)).map((l) => ({ orderItemId: l.id, qty: l.qty }));
          await restockLines(tx, id, units);
          await reverseSellerPayments(tx, units, now);
        }
        return true;
      });
      if (done) cancelled.push(id);
    }
    if (ids.length < batch) break;
  }
  return { cancelled };
}

/** The cancel reason the 30-minute expiry writes on the shipments it cancels. */
export const UNPAID_EXPIRY_REASON = 'Not paid in time';

// ---------------------------------------------------------------------------------------------------------
// For other modules (the completion mails, notification records)
// ---------------------------------------------------------------------------------------------------------

/** Who placed the order, or undefined when there is no such order (or the id is malformed). */
export async function orderOwnerId(db: Queryable, orderId: string): Promise<string | undefined> {
  if (!isUuid(orderId)) return undefined;
  return repo.orderOwnerId(db, orderId);
}

/** An order as the completion mails show it, amounts in minor units of their currency. */
export type OrderMailData = {
  id: string;
  /** HAAT-2026-000123. */
  orderNumber: string;
  /** Who placed it. */
  userId: string;
  createdAt: Date;
  buyer: { name: string; email: string };
  shippingAddress: { address: string; city: string; state: string; postalCode: string; country: string };
  paymentMethod: string;
  isPaid: boolean;
  status: string;
  currency: MoneyFormatCurrency;
  itemsPrice: number;
  shippingPrice: number;
  taxPrice: number;
  discount: number;
  totalPrice: number;
  lines: OrderMailLine[];
};

export type OrderMailLine = {
  name: string;
  size: string | null;
  colour: string | null;
  qty: number;
  seller: { id: string; name: string; email: string; deleted: boolean };
  /** Unit price after discount and the line's GST, in the order's currency. */
  unitPrice: number;
  lineTax: number;
  /** The same in INR, for the seller. */
  unitPriceInr: number;
  lineTaxInr: number;
  /** What the seller is paid for the line, INR. */
  payoutInr: number;
};

/** Everything the completion mails need; undefined when there is no such order. */
export async function orderMailData(db: Queryable, orderId: string): Promise<OrderMailData | undefined> {
  if (!isUuid(orderId)) return undefined;
  const o = await repo.findOrder(db, orderId);
  if (!o) return undefined;
  const d = digitsOf(o.orderCurrency);
  const items = await repo.orderItemsForMails(db, orderId);
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    userId: o.userId,
    createdAt: o.createdAt,
    buyer: { name: o.buyerName, email: o.buyerEmail },
    shippingAddress: o.shippingAddress,
    paymentMethod: o.paymentMethod,
    isPaid: o.isPaid,
    status: o.status,
    currency: { code: o.orderCurrency, decimalDigits: d },
    itemsPrice: parseMoney(o.itemsPrice, d),
    shippingPrice: parseMoney(o.shippingPrice, d),
    taxPrice: parseMoney(o.taxPrice, d),
    discount: parseMoney(o.discount, d),
    totalPrice: parseMoney(o.totalPrice, d),
    lines: items.map((item) => ({
      name: item.name,
      size: item.size,
      colour: item.colour,
      qty: item.qty,
      seller: {
        id: item.sellerId,
        name: item.sellerName,
        email: item.sellerEmail,
        deleted: !!item.sellerDeletedAt,
      },
      // Null order-currency amounts read as the INR ones (see the schema).
      unitPrice: parseMoney(item.orderDiscountedPrice ?? item.discountedPrice, d),
      lineTax: parseMoney(item.orderTaxAmount ?? item.taxAmount, d),
      unitPriceInr: parseMoney(item.discountedPrice, 2),
      lineTaxInr: parseMoney(item.taxAmount, 2),
      payoutInr: item.payout === null ? 0 : parseMoney(item.payout, 2),
    })),
  };
}
