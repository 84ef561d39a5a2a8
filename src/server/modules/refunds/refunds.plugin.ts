import type { App } from '../../lib/types.ts';

/** The refunds module's one plugin (ADR 0019): refunds through the providers or by the operator, and their list. */
export default async function refundsPlugin(app: App) {
  // Route files of this module are registered here.
  void app;
}
