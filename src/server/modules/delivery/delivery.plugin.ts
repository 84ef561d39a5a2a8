import type { App } from '../../lib/types.ts';
import deliveryRoutes from './delivery.routes.ts';

/** The delivery module's one plugin (ADR 0019): pincodes, serviceability, the delivery promise and cash-on-delivery rules. */
export default async function deliveryPlugin(app: App) {
  await app.register(deliveryRoutes);
}
