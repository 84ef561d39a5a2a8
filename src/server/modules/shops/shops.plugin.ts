import type { App } from '../../lib/types.ts';
import shopsRoutes from './shops.routes.ts';

/** The shops module's one plugin (ADR 0019). */
export default async function shopsPlugin(app: App) {
  await app.register(shopsRoutes);
}
