import type { App } from '../../lib/types.ts';
import cancelRoutes from './cancel.routes.ts';
import { codExpiryPlugin } from './cod-expiry.plugin.ts';

/** The fulfilment module's one plugin (ADR 0019): shipments per seller, their state machine, cancellations and the order timeline. */
export default async function fulfilmentPlugin(app: App) {
  // Route files of this module are registered here.
  await app.register(cancelRoutes);
  await app.register(codExpiryPlugin);
}
