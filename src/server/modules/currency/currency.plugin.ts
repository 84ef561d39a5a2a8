import type { App } from '../../lib/types.ts';
import currencyRoutes from './currency.routes.ts';

/** The currency module's one plugin (ADR 0019). */
export default async function currencyPlugin(app: App) {
  await app.register(currencyRoutes);
}
