import { SHIPMENT_STATE_LABELS, type ShipmentState } from '#shared/fulfilment.ts';
import type { Shipment } from '#shared/schemas/fulfilment.ts';

/**
 * The steps of a shipment's timeline on the buyer's order page (docs/decisions/0114-buyer-order-page.md):
 * the steps it went through, with their dates, then the steps still ahead (no date) while it is on its
 * way; a cancelled parcel or one sent back ends with that step. A step the shipment skipped (Admin's
 * order-level "Mark As Delivered" jumps from any step to delivered) is left out rather than shown undone.
 */
export type StepKind = 'done' | 'ahead' | 'stopped';

export type ShipmentStep = {
  key: string;
  label: string;
  kind: StepKind;
  /** When it happened (ISO); null for a step ahead. */
  at: string | null;
  /** The step the parcel is at now. */
  current: boolean;
  /** Shipped: the courier and its tracking number, and the courier's tracking page when known. */
  tracking?: { courier: string | null; number: string; url: string | null } | undefined;
  /** Words under the step: why it was cancelled and by whom. */
  detail?: string | undefined;
};

const ROAD = [
  'placed',
  'accepted',
  'packed',
  'shipped',
  'delivered',
] as const satisfies readonly ShipmentState[];
type RoadState = (typeof ROAD)[number];

const WHO_CANCELLED: Record<string, string> = {
  buyer: 'by you',
  seller: 'by the seller',
  admin: 'by Haat',
  system: 'automatically',
};

/** "Cancelled by the seller: Out of stock". */
export function cancelledDetail(s: Pick<Shipment, 'cancelledBy' | 'cancelReason'>): string | undefined {
  const who = s.cancelledBy ? WHO_CANCELLED[s.cancelledBy] : undefined;
  if (!who && !s.cancelReason) return undefined;
  return `Cancelled${who ? ` ${who}` : ''}${s.cancelReason ? `: ${s.cancelReason}` : ''}`;
}

const LABELS: Record<string, string> = {
  ...SHIPMENT_STATE_LABELS,
  accepted: 'Accepted by seller',
  out_for_delivery: 'Out for delivery',
};

export function shipmentSteps(s: Shipment): ShipmentStep[] {
  const dateOf: Record<RoadState, string | null> = {
    placed: s.createdAt,
    accepted: s.acceptedAt,
    packed: s.packedAt,
    shipped: s.shippedAt,
    delivered: s.deliveredAt,
  };
  const stopped = s.state === 'cancelled' || s.state === 'returned_to_origin';
  const reached = (ROAD as readonly ShipmentState[]).indexOf(s.state);
  const steps: ShipmentStep[] = [];
  ROAD.forEach((state, i) => {
    const at = dateOf[state];
    if (at) {
      steps.push({ key: state, label: LABELS[state]!, kind: 'done', at, current: false });
    } else if (!stopped && i > reached) {
      steps.push({ key: state, label: LABELS[state]!, kind: 'ahead', at: null, current: false });
    }
    if (state === 'shipped') {
      const shipped = steps.at(-1);
      if (shipped?.key === 'shipped' && s.trackingNumber) {
        shipped.tracking = { courier: s.courier, number: s.trackingNumber, url: s.trackingUrl };
      }
      // A courier's notice, shown once it happened (it may never be sent, so it is never a step ahead).
      const out = s.events.find((e) => e.subject === 'shipment' && e.toState === 'out_for_delivery');
      if (out && s.state !== 'placed') {
        steps.push({
          key: 'out_for_delivery',
          label: LABELS.out_for_delivery!,
          kind: 'done',
          at: out.at,
          current: false,
        });
      }
    }
  });
  if (s.state === 'cancelled') {
    steps.push({
      key: 'cancelled',
      label: LABELS.cancelled!,
      kind: 'stopped',
      at: s.cancelledAt,
      current: false,
      detail: cancelledDetail(s),
    });
  } else if (s.state === 'returned_to_origin') {
    steps.push({
      key: 'returned_to_origin',
      label: LABELS.returned_to_origin!,
      kind: 'stopped',
      at: s.returnedAt,
      current: false,
      detail: 'Not delivered: the parcel went back to the seller. You are not charged for it.',
    });
  }
  const last = steps.findLast((step) => step.kind !== 'ahead');
  if (last) last.current = true;
  return steps;
}
