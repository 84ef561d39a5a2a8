import type { Queryable } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';

/**
 * The simulated courier of development (docs/decisions/0109-shipments-per-seller.md): when a shipment is
 * shipped where development conveniences are allowed (never in production, never under tests), two jobs
 * are queued on the shipping transaction: an 'out_for_delivery' notice after a minute and delivery after
 * two. Each job calls `courierNotice` (shipments.service.ts), the function a real courier's tracking
 * webhook would call with the same notices. Tests call `courierNotice` directly.
 */

export const COURIER_SANDBOX_JOB = 'courier.sandbox_notice';

export const COURIER_NOTICES = ['out_for_delivery', 'delivered', 'returned_to_origin'] as const;
export type CourierNotice = (typeof COURIER_NOTICES)[number];

/** How long after shipping the simulated courier posts each notice. */
export type CourierSandboxDelays = { outForDeliveryMs: number; deliveredMs: number };
export const COURIER_SANDBOX_DELAYS: CourierSandboxDelays = {
  outForDeliveryMs: 60_000,
  deliveredMs: 120_000,
};

export async function scheduleSimulatedCourier(
  tx: Queryable,
  shipmentId: string,
  delays: CourierSandboxDelays = COURIER_SANDBOX_DELAYS,
  now: Date = new Date(),
): Promise<void> {
  const at = (ms: number) => new Date(now.getTime() + ms);
  await enqueue(
    tx,
    COURIER_SANDBOX_JOB,
    { shipmentId, notice: 'out_for_delivery' },
    {
      runAt: at(delays.outForDeliveryMs),
      dedupeKey: `${COURIER_SANDBOX_JOB}:out_for_delivery:${shipmentId}`,
    },
  );
  await enqueue(
    tx,
    COURIER_SANDBOX_JOB,
    { shipmentId, notice: 'delivered' },
    { runAt: at(delays.deliveredMs), dedupeKey: `${COURIER_SANDBOX_JOB}:delivered:${shipmentId}` },
  );
}
