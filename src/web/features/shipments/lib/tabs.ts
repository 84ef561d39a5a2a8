import type { ShipmentState } from '#shared/fulfilment.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** A tab of the shipment queue: a state of the machine, or 'late' (docs/decisions/0115-seller-and-operator-views.md). */
export type ShipmentTab = ShipmentState | 'late';

/**
 * The seller's tabs, in the order the work goes: what to do next first, then what is done.
 * Late parcels need the seller now, so their tab sits with the work, not at the far end of the row.
 */
export const SELLER_TABS: readonly ShipmentTab[] = [
  'placed',
  'accepted',
  'packed',
  'late',
  'shipped',
  'delivered',
  'cancelled',
  'returned_to_origin',
];

/** The tabs' words say what the seller has to do, not the state's name ("To pack" lists the accepted ones). */
export const tabLabels = (t: Translate): Record<ShipmentTab, string> => ({
  placed: t('shipments.tab.placed'),
  accepted: t('shipments.tab.accepted'),
  packed: t('shipments.tab.packed'),
  late: t('shipments.tab.late'),
  shipped: t('shipments.tab.shipped'),
  delivered: t('shipments.tab.delivered'),
  cancelled: t('shipments.tab.cancelled'),
  returned_to_origin: t('shipments.tab.returnedToOrigin'),
});

export const isShipmentTab = (value: string | null): value is ShipmentTab =>
  SELLER_TABS.some((state) => state === value);

/** What the seller reads on an empty tab. */
export const emptyTabText = (t: Translate): Record<ShipmentTab, string> => ({
  placed: t('shipments.empty.placed'),
  accepted: t('shipments.empty.accepted'),
  packed: t('shipments.empty.packed'),
  shipped: t('shipments.empty.shipped'),
  delivered: t('shipments.empty.delivered'),
  cancelled: t('shipments.empty.cancelled'),
  returned_to_origin: t('shipments.empty.returnedToOrigin'),
  late: t('shipments.empty.late'),
});
