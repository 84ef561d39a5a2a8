import type { RefundState, ReturnKind, ReturnState, ShipmentState } from './fulfilment.ts';

/**
 * Where an order stands, in a few words, for My Purchases and the order lists
 * (docs/decisions/0114-buyer-order-page.md). One state answers "what is happening to my order now?";
 * a note adds what a shopper should not miss beside it (part of it cancelled, money already back).
 *
 * Precedence: a stopped order (cancelled, or every parcel cancelled or sent back) says so; an unpaid
 * online order waits for its payment; then anything the buyer is waiting on after the sale (a return or
 * exchange being handled, a refund on its way); otherwise how far the live parcels have travelled.
 */
export const ORDER_PROGRESS_STATES = [
  'awaiting_payment',
  'placed',
  'preparing',
  'partly_shipped',
  'shipped',
  'partly_delivered',
  'delivered',
  'cancelled',
  'returned_to_seller',
  'return_in_progress',
  'exchange_in_progress',
  'refund_in_progress',
] as const;
export type OrderProgressState = (typeof ORDER_PROGRESS_STATES)[number];

export const ORDER_PROGRESS_LABELS: Record<OrderProgressState, string> = {
  awaiting_payment: 'Awaiting payment',
  placed: 'Placed',
  preparing: 'Being prepared',
  partly_shipped: 'Partly shipped',
  shipped: 'Shipped',
  partly_delivered: 'Partly delivered',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned_to_seller: 'Returned to seller',
  return_in_progress: 'Return in progress',
  exchange_in_progress: 'Exchange in progress',
  refund_in_progress: 'Refund in progress',
};

export type OrderProgressInput = {
  status: 'placed' | 'cancelled';
  paymentMethod: 'RazorPay' | 'PayPal' | 'CashOnDelivery';
  isPaid: boolean;
  /** SPEC's order flag: used only for an order without shipments (placed before shipments existed). */
  isDelivered: boolean;
  /** The states of the order's own shipments (one per seller; exchange shipments are not counted). */
  shipments: readonly ShipmentState[];
  returns: readonly { state: ReturnState; kind: ReturnKind }[];
  refunds: readonly RefundState[];
};

export type OrderProgress = { state: OrderProgressState; label: string; note: string | null };

/** Return and exchange requests the buyer is still waiting on. */
const OPEN_REQUEST: readonly ReturnState[] = ['requested', 'approved', 'picked_up', 'received'];
/** Refunds not yet in the buyer's account ('failed' is retried). */
const REFUND_ON_ITS_WAY: readonly RefundState[] = ['pending', 'processing', 'failed'];

function travelState(live: readonly ShipmentState[]): OrderProgressState {
  const count = (s: ShipmentState) => live.filter((x) => x === s).length;
  const delivered = count('delivered');
  const shipped = count('shipped');
  if (delivered === live.length) return 'delivered';
  if (delivered > 0) return 'partly_delivered';
  if (shipped === live.length) return 'shipped';
  if (shipped > 0) return 'partly_shipped';
  if (count('accepted') + count('packed') > 0) return 'preparing';
  return 'placed';
}

function baseState(o: OrderProgressInput): OrderProgressState {
  if (o.status === 'cancelled') return 'cancelled';
  if (o.shipments.length === 0) return o.isDelivered ? 'delivered' : 'placed';
  const live = o.shipments.filter((s) => s !== 'cancelled' && s !== 'returned_to_origin');
  if (live.length === 0)
    return o.shipments.includes('returned_to_origin') ? 'returned_to_seller' : 'cancelled';
  return travelState(live);
}

export function orderProgress(o: OrderProgressInput): OrderProgress {
  const base = baseState(o);
  const stopped = base === 'cancelled' || base === 'returned_to_seller';
  const open = o.returns.filter((r) => OPEN_REQUEST.includes(r.state));
  const refundPending = o.refunds.some((r) => REFUND_ON_ITS_WAY.includes(r));
  let state: OrderProgressState = base;
  if (stopped) state = base;
  else if (o.paymentMethod !== 'CashOnDelivery' && !o.isPaid) state = 'awaiting_payment';
  else if (open.length > 0)
    state = open.every((r) => r.kind === 'exchange') ? 'exchange_in_progress' : 'return_in_progress';
  else if (refundPending) state = 'refund_in_progress';

  const notes: string[] = [];
  const live = o.shipments.some((s) => s !== 'cancelled' && s !== 'returned_to_origin');
  if (live && o.status !== 'cancelled') {
    if (o.shipments.includes('cancelled')) notes.push('Partly cancelled');
    if (o.shipments.includes('returned_to_origin')) notes.push('Part returned to seller');
  }
  if (o.returns.some((r) => r.state === 'exchanged') && state !== 'exchange_in_progress')
    notes.push('Exchanged');
  if (state !== 'refund_in_progress') {
    if (refundPending) notes.push('Refund in progress');
    else if (o.refunds.includes('processed')) notes.push('Refunded');
  }
  return { state, label: ORDER_PROGRESS_LABELS[state], note: notes.length > 0 ? notes.join(' · ') : null };
}
