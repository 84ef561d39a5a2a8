import type { App } from '../../lib/types.ts';
import returnsRoutes from './returns.routes.ts';
import {
  COURIER_PICKUP_JOB,
  courierPickupJob,
  EXCHANGE_FAILED_MAIL_JOB,
  exchangeFailedMailJob,
} from './returns.service.ts';

/** The returns module's one plugin (ADR 0019): return and exchange requests. */
export default async function returnsPlugin(app: App) {
  await app.register(returnsRoutes);
  // The simulated courier's pickup (queued only where development conveniences are on).
  app.jobs.handle(COURIER_PICKUP_JOB, courierPickupJob);
  // The buyer's mail when an exchange parcel fails (queued by failExchange, also from a return to origin).
  app.jobs.handle(EXCHANGE_FAILED_MAIL_JOB, exchangeFailedMailJob(app.config));
}
