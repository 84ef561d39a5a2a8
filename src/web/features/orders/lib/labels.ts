import type { ShipmentState } from '#shared/fulfilment.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/**
 * A parcel's state in the page's language (English: SHIPMENT_STATE_LABELS of #shared/fulfilment.ts), plus the
 * courier's 'out for delivery' notice the timeline shows as a step.
 */
export function shipmentStateLabel(t: Translate, state: ShipmentState | 'out_for_delivery'): string {
  const labels: Record<ShipmentState | 'out_for_delivery', string> = {
    placed: t('orders.shipmentState.placed'),
    accepted: t('orders.shipmentState.accepted'),
    packed: t('orders.shipmentState.packed'),
    shipped: t('orders.shipmentState.shipped'),
    delivered: t('orders.shipmentState.delivered'),
    cancelled: t('orders.shipmentState.cancelled'),
    returned_to_origin: t('orders.shipmentState.returned_to_origin'),
    out_for_delivery: t('orders.shipmentState.out_for_delivery'),
  };
  return labels[state];
}

/** "Cancelled by the seller: Out of stock" (cancelledDetail of ./shipment-steps.ts), in the page's language. */
export function cancelledDetailText(
  t: Translate,
  s: { cancelledBy: string | null; cancelReason: string | null },
): string | undefined {
  const who: Record<string, string> = {
    buyer: t('orders.cancelledBy.buyer'),
    seller: t('orders.cancelledBy.seller'),
    admin: t('orders.cancelledBy.admin'),
    system: t('orders.cancelledBy.system'),
  };
  const by = s.cancelledBy ? who[s.cancelledBy] : undefined;
  if (!by && !s.cancelReason) return undefined;
  if (by && s.cancelReason) return t('orders.cancelledBy.byWithReason', { by, reason: s.cancelReason });
  if (by) return t('orders.cancelledBy.by', { by });
  return t('orders.cancelledBy.reason', { reason: s.cancelReason });
}
