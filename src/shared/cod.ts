/**
 * Cash on delivery against stock hoarding (docs/decisions/0110-cancellations.md): a buyer may hold only a
 * few open unpaid cash-on-delivery orders and units at once, and an unpaid cash-on-delivery order that no
 * seller accepted within the operator's hours is cancelled and its stock put back. The numbers are the
 * operator's (the delivery_settings row); these pure rules are what the server applies to them.
 */

export type CodSettings = {
  /** Unpaid cash-on-delivery orders no seller accepted within this many hours are cancelled. */
  codUnacceptedHours: number;
  /** Open unpaid cash-on-delivery orders a buyer may hold at once. */
  maxOpenCodOrders: number;
  /** Units those orders may hold together. */
  maxOpenCodUnits: number;
};

/** The defaults of the delivery_settings row. */
export const DEFAULT_COD_SETTINGS: CodSettings = {
  codUnacceptedHours: 72,
  maxOpenCodOrders: 3,
  maxOpenCodUnits: 10,
};

/** What a buyer holds now: open unpaid cash-on-delivery orders and their units still to be delivered. */
export type CodHolding = { orders: number; units: number };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const COD_MSG = {
  tooManyOrders: (max: number) =>
    `You already have ${plural(max, 'unpaid cash-on-delivery order', 'unpaid cash-on-delivery orders')} open. Pay or cancel one first, or pay online.`,
  tooManyUnits: (max: number, open: number) =>
    `Unpaid cash-on-delivery orders may hold at most ${plural(max, 'item', 'items')} at a time, and you already have ${open} on the way. Pay or cancel an order first, order fewer, or pay online.`,
  orderTooLarge: (max: number) =>
    `A cash-on-delivery order may hold at most ${plural(max, 'item', 'items')}. Order fewer, or pay online.`,
} as const;

/**
 * Why a new cash-on-delivery order of `units` units may not be placed by a buyer holding `open`, or null
 * when it may. The new order counts: holding the maximum number of orders already refuses the next one.
 */
export function codHoldingRefusal(open: CodHolding, units: number, s: CodSettings): string | null {
  if (open.orders + 1 > s.maxOpenCodOrders) return COD_MSG.tooManyOrders(open.orders);
  if (open.units + units > s.maxOpenCodUnits) {
    return open.units === 0
      ? COD_MSG.orderTooLarge(s.maxOpenCodUnits)
      : COD_MSG.tooManyUnits(s.maxOpenCodUnits, open.units);
  }
  return null;
}

const HOUR_MS = 60 * 60 * 1000;

/** When a cash-on-delivery order placed at `placedAt` is cancelled unless a seller accepted it. */
export function codAcceptDeadline(placedAt: Date, hours: number): Date {
  return new Date(placedAt.getTime() + hours * HOUR_MS);
}

/** Orders placed before this instant are past their deadline at `now` (the sweep's cut-off). */
export function codUnacceptedCutoff(now: Date, hours: number): Date {
  return new Date(now.getTime() - hours * HOUR_MS);
}

/** Past the deadline (strictly) at `now`. */
export function codAcceptanceOverdue(placedAt: Date, now: Date, hours: number): boolean {
  return now.getTime() > codAcceptDeadline(placedAt, hours).getTime();
}

/** The cancel reason the sweep writes on the shipments it cancels (the buyer and seller read it). */
export const COD_NOT_ACCEPTED_REASON = 'Not accepted in time';
