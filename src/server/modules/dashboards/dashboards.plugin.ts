import type { App } from '../../lib/types.ts';
import dashboardsRoutes from './dashboards.routes.ts';

/** The dashboards module's one plugin (ADR 0019): the seller dashboard, the seller approval queue and order search. */
export default async function dashboardsPlugin(app: App) {
  await app.register(dashboardsRoutes);
}
