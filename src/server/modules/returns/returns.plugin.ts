import type { App } from '../../lib/types.ts';

/** The returns module's one plugin (ADR 0019): return and exchange requests. */
export default async function returnsPlugin(app: App) {
  // Route files of this module are registered here.
  void app;
}
