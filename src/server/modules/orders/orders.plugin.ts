import type { App } from '../../lib/types.ts';
import { orderExpiryPlugin } from './expiry.plugin.ts';
import ordersRoutes from './orders.routes.ts';

/**
 * The orders module's one plugin (ADR 0019): order routes (seller payments are registered inside them)
 * and the unpaid-order expiry timer.
 */
export default async function ordersPlugin(app: App) {
  await app.register(ordersRoutes);
  await app.register(orderExpiryPlugin);
}
