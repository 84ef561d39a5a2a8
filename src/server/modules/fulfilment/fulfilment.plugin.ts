import { z } from 'zod';
import type { App } from '../../lib/types.ts';
import cancelRoutes from './cancel.routes.ts';
import { courierNotice } from './shipments.service.ts';
import { COURIER_NOTICES, COURIER_SANDBOX_JOB } from './courier-sandbox.ts';
import { shipmentMailJob } from './shipment-mails.ts';
import { SHIPMENT_MAIL_JOB } from './shipments.repo.ts';
import shipmentsRoutes from './shipments.routes.ts';
import { codExpiryPlugin } from './cod-expiry.plugin.ts';

const courierSandboxPayload = z.object({ shipmentId: z.string(), notice: z.enum(COURIER_NOTICES) });

/** The fulfilment module's one plugin (ADR 0019): shipments per seller, their state machine, cancellations and the order timeline. */
export default async function fulfilmentPlugin(app: App) {
  // Route files of this module are registered here.
  await app.register(shipmentsRoutes);
  await app.register(cancelRoutes);
  // The mails of a shipment's steps, queued by moveShipment and courier notices (ADR 0109).
  app.jobs.handle(SHIPMENT_MAIL_JOB, shipmentMailJob(app.config));
  // The simulated courier of development; its jobs are queued only where conveniences are allowed.
  app.jobs.handle(COURIER_SANDBOX_JOB, async (raw, { db }) => {
    const parsed = courierSandboxPayload.parse(raw);
    await courierNotice(db, parsed);
  });
  await app.register(codExpiryPlugin);
}
