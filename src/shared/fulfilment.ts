/**
 * The life of an order after 'Place Order' as pure rules (docs/decisions/0109-shipments-per-seller.md and
 * the ADRs after it): the state machines of shipments, return requests and refunds, who may make each
 * move, and the windows. The server checks every move here before its conditional UPDATE; the web uses
 * the same functions to show only the actions that apply now.
 */

export const SHIPMENT_STATES = [
  'placed',
  'accepted',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'returned_to_origin',
] as const;
export type ShipmentState = (typeof SHIPMENT_STATES)[number];

/** Who makes a move. 'courier' is a courier's tracking event (simulated in development). */
export const ACTOR_ROLES = ['buyer', 'seller', 'admin', 'distributor', 'system', 'courier'] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** The states a shipment never leaves. */
export const FINAL_SHIPMENT_STATES: readonly ShipmentState[] = [
  'delivered',
  'cancelled',
  'returned_to_origin',
];
export const isLiveShipment = (s: ShipmentState) => s !== 'cancelled' && s !== 'returned_to_origin';
export const isFinalShipment = (s: ShipmentState) => FINAL_SHIPMENT_STATES.includes(s);

type Move<S extends string> = { from: readonly S[]; to: S; by: readonly ActorRole[] };

/**
 * Every legal shipment move. A seller moves only its own shipments and the buyer only its own (the
 * server checks ownership); 'system' is the server's own sweeps (unpaid-order expiry).
 */
export const SHIPMENT_MOVES: readonly Move<ShipmentState>[] = [
  { from: ['placed'], to: 'accepted', by: ['seller', 'admin'] },
  { from: ['accepted'], to: 'packed', by: ['seller', 'admin'] },
  { from: ['packed'], to: 'shipped', by: ['seller', 'admin'] },
  // Delivered is said by the one who saw it handed over, never by the seller: the buyer's return window and
  // the cash collected on delivery start from it (docs/decisions/0109-shipments-per-seller.md).
  { from: ['shipped'], to: 'delivered', by: ['admin', 'distributor', 'courier', 'system'] },
  { from: ['shipped'], to: 'returned_to_origin', by: ['seller', 'admin', 'distributor', 'courier'] },
  // Cancelling: the buyer and the seller until it is shipped; Admin (and the server's sweeps) until delivered.
  { from: ['placed', 'accepted', 'packed'], to: 'cancelled', by: ['buyer', 'seller', 'admin', 'system'] },
  { from: ['shipped'], to: 'cancelled', by: ['admin'] },
];

/**
 * The order-level "mark delivered" of Admin and Distributor (SPEC's control) acts on every live shipment
 * that is not delivered yet, whatever step it is at; it is recorded as such on each shipment.
 */
export const ORDER_LEVEL_DELIVER_FROM: readonly ShipmentState[] = ['placed', 'accepted', 'packed', 'shipped'];

export function shipmentMove(from: ShipmentState, to: ShipmentState, by: ActorRole): boolean {
  return SHIPMENT_MOVES.some((m) => m.to === to && m.from.includes(from) && m.by.includes(by));
}

/** The states a shipment can go to next from `from`, for `by` (what the UI offers). */
export function nextShipmentStates(from: ShipmentState, by: ActorRole): ShipmentState[] {
  return SHIPMENT_MOVES.filter((m) => m.from.includes(from) && m.by.includes(by)).map((m) => m.to);
}

/** The buyer may cancel a shipment until it is shipped. */
export const buyerMayCancel = (s: ShipmentState) => shipmentMove(s, 'cancelled', 'buyer');

// ---------------------------------------------------------------------------------------------------------
// Return and exchange requests
// ---------------------------------------------------------------------------------------------------------

export const RETURN_STATES = [
  'requested',
  'approved',
  'rejected',
  'picked_up',
  'received',
  'refunded',
  'exchanged',
  'cancelled',
] as const;
export type ReturnState = (typeof RETURN_STATES)[number];
export type ReturnKind = 'return' | 'exchange';

export const RETURN_MOVES: readonly Move<ReturnState>[] = [
  { from: ['requested'], to: 'approved', by: ['seller', 'admin'] },
  { from: ['requested'], to: 'rejected', by: ['seller', 'admin'] },
  { from: ['requested'], to: 'cancelled', by: ['buyer', 'admin'] },
  { from: ['approved'], to: 'picked_up', by: ['courier', 'seller', 'admin'] },
  { from: ['approved', 'picked_up'], to: 'received', by: ['seller', 'admin'] },
  // After the goods are back: a return is refunded, an exchange ships the new size (or, with none left,
  // is refunded as a return would be).
  { from: ['received'], to: 'refunded', by: ['system', 'admin'] },
  { from: ['received'], to: 'exchanged', by: ['system', 'admin'] },
  // An exchange parcel that fails (returned to origin, or cancelled by its seller or Admin before it ships):
  // the buyer gets the money back instead (docs/decisions/0112-returns-and-exchanges.md).
  { from: ['exchanged'], to: 'refunded', by: ['system', 'admin'] },
];

export function returnMove(from: ReturnState, to: ReturnState, by: ActorRole): boolean {
  return RETURN_MOVES.some((m) => m.to === to && m.from.includes(from) && m.by.includes(by));
}

export function nextReturnStates(from: ReturnState, by: ActorRole): ReturnState[] {
  return RETURN_MOVES.filter((m) => m.from.includes(from) && m.by.includes(by)).map((m) => m.to);
}

/** Requests still holding units of their line (a new request can only take what is left). */
export const OPEN_RETURN_STATES: readonly ReturnState[] = [
  'requested',
  'approved',
  'picked_up',
  'received',
  'refunded',
  'exchanged',
];

/** The terms page's week: a return or exchange may be asked for until 7 × 24 h after delivery. */
export const RETURN_WINDOW_DAYS = 7;
export const RETURN_WINDOW_MS = RETURN_WINDOW_DAYS * 24 * 60 * 60 * 1000;

export function returnWindowEndsAt(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + RETURN_WINDOW_MS);
}

export function returnWindowOpen(deliveredAt: Date | null, now: Date): boolean {
  return deliveredAt !== null && now.getTime() <= returnWindowEndsAt(deliveredAt).getTime();
}

/** A refund is due within 7 days of the returned goods coming back (the terms page). */
export const REFUND_DUE_DAYS = 7;

export const RETURN_REASONS = [
  { code: 'too_small', label: 'Too small' },
  { code: 'too_large', label: 'Too large' },
  { code: 'damaged', label: 'Arrived damaged or defective' },
  { code: 'wrong_item', label: 'Wrong item, size or colour sent' },
  { code: 'not_as_described', label: 'Not as shown or described' },
  { code: 'quality', label: 'Quality not as expected' },
  { code: 'no_longer_needed', label: 'No longer needed' },
  { code: 'other', label: 'Other' },
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number]['code'];
export const returnReasonLabel = (code: string) => RETURN_REASONS.find((r) => r.code === code)?.label ?? code;

/** Up to 4 photos or one short video per request. */
export const RETURN_MAX_PHOTOS = 4;
export const RETURN_MAX_VIDEOS = 1;

export const SELLER_CANCEL_REASONS = [
  { code: 'out_of_stock', label: 'Out of stock' },
  { code: 'damaged', label: 'Item damaged before dispatch' },
  { code: 'cannot_deliver', label: 'Cannot deliver to this address' },
  { code: 'pricing_error', label: 'Listed at a wrong price' },
  { code: 'other', label: 'Other' },
] as const;

// ---------------------------------------------------------------------------------------------------------
// Refunds
// ---------------------------------------------------------------------------------------------------------

export const REFUND_STATES = ['pending', 'processing', 'processed', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

export const REFUND_MOVES: readonly Move<RefundState>[] = [
  { from: ['pending', 'failed'], to: 'processing', by: ['system', 'admin'] },
  { from: ['processing'], to: 'processed', by: ['system'] },
  { from: ['processing'], to: 'failed', by: ['system'] },
  // A cash-on-delivery refund is paid by the operator by bank or UPI and recorded with its reference.
  { from: ['pending', 'failed'], to: 'processed', by: ['admin'] },
];

export function refundMove(from: RefundState, to: RefundState, by: ActorRole): boolean {
  return REFUND_MOVES.some((m) => m.to === to && m.from.includes(from) && m.by.includes(by));
}

// ---------------------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------------------

export const SHIPMENT_STATE_LABELS: Record<ShipmentState, string> = {
  placed: 'Placed',
  accepted: 'Accepted by seller',
  packed: 'Packed',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  returned_to_origin: 'Returned to seller',
};

export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved, pickup scheduled',
  rejected: 'Rejected',
  picked_up: 'Picked up',
  received: 'Received by seller',
  // The refund row is only asked for at this step; its own state (pending … refunded) is shown beside it.
  refunded: 'Received, refund started',
  exchanged: 'Exchange shipped',
  cancelled: 'Withdrawn',
};

export const REFUND_STATE_LABELS: Record<RefundState, string> = {
  pending: 'Pending',
  processing: 'Processing',
  processed: 'Refunded',
  failed: 'Failed: needs Admin',
};

/** An illegal move, worded for a 409 (the body also carries the current state). */
export const illegalMoveMessage = (subject: string, from: string, to: string) =>
  `This ${subject} is ${from.replace(/_/g, ' ')} and cannot be moved to ${to.replace(/_/g, ' ')}.`;
