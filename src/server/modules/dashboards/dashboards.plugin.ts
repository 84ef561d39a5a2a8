import type { App } from '../../lib/types.ts';

/** The dashboards module's one plugin (ADR 0019): the seller dashboard, the seller approval queue and order search. */
export default async function dashboardsPlugin(app: App) {
  // Route files of this module are registered here.
  void app;
}
