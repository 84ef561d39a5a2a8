import type { ShipmentState } from '#shared/fulfilment.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** How a payment method reads on a shipment. */
export const paymentWords = (t: Translate) =>
  ({
    RazorPay: t('shipments.payment.razorPay'),
    PayPal: t('shipments.payment.payPal'),
    CashOnDelivery: t('shipments.payment.cashOnDelivery'),
  }) as const;

/** The shipment states as the card's badge names them. */
export const stateLabels = (t: Translate): Record<ShipmentState, string> => ({
  placed: t('shipments.state.placed'),
  accepted: t('shipments.state.accepted'),
  packed: t('shipments.state.packed'),
  shipped: t('shipments.state.shipped'),
  delivered: t('shipments.state.delivered'),
  cancelled: t('shipments.state.cancelled'),
  returned_to_origin: t('shipments.state.returnedToOrigin'),
});

/** A seller's cancel reasons (SELLER_CANCEL_REASONS' codes) in the page's language. */
export const cancelReasonLabels = (t: Translate): Record<string, string> => ({
  out_of_stock: t('shipments.cancelReason.outOfStock'),
  damaged: t('shipments.cancelReason.damaged'),
  cannot_deliver: t('shipments.cancelReason.cannotDeliver'),
  pricing_error: t('shipments.cancelReason.pricingError'),
  other: t('shipments.cancelReason.other'),
});

export const cancelReasonLabel = (code: string | null, t: Translate) =>
  code ? (cancelReasonLabels(t)[code] ?? code) : null;

/** Who cancelled, after the date ('by the seller'). */
export function cancelledByWords(by: string, t: Translate): string {
  switch (by) {
    case 'buyer':
      return t('shipments.card.cancelledBy.buyer');
    case 'seller':
      return t('shipments.card.cancelledBy.seller');
    case 'admin':
      return t('shipments.card.cancelledBy.admin');
    case 'system':
      return t('shipments.card.cancelledBy.system');
    default:
      return t('shipments.card.cancelledBy.other', { by });
  }
}
