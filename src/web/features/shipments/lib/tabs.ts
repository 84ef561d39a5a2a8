import type { ShipmentState } from '#shared/fulfilment.ts';

/** A tab of the shipment queue: a state of the machine, or 'late' (docs/decisions/0115-seller-and-operator-views.md). */
export type ShipmentTab = ShipmentState | 'late';

/**
 * The seller's tabs, in the order the work goes: what to do next first, then what is done. The words say
 * what the seller has to do, not the state's name ("To pack" lists the accepted ones).
 */
export const SELLER_TABS: readonly { state: ShipmentTab; label: string }[] = [
  { state: 'placed', label: 'To accept' },
  { state: 'accepted', label: 'To pack' },
  { state: 'packed', label: 'To ship' },
  // Late parcels need the seller now, so their tab sits with the work, not at the far end of the row.
  { state: 'late', label: 'Late' },
  { state: 'shipped', label: 'Shipped' },
  { state: 'delivered', label: 'Delivered' },
  { state: 'cancelled', label: 'Cancelled' },
  { state: 'returned_to_origin', label: 'Returned' },
];

export const isShipmentTab = (value: string | null): value is ShipmentTab =>
  SELLER_TABS.some((t) => t.state === value);

/** What the seller reads on an empty tab. */
export const EMPTY_TAB: Record<ShipmentTab, string> = {
  placed: 'No new orders to accept.',
  accepted: 'Nothing to pack.',
  packed: 'Nothing waiting to be shipped.',
  shipped: 'No parcels on their way.',
  delivered: 'No delivered shipments yet.',
  cancelled: 'No cancelled shipments.',
  returned_to_origin: 'No parcels returned to you.',
  late: 'Nothing is late. Well done!',
};
