import type { App } from '../../lib/types.ts';
import sizeChartsRoutes from './size-charts.routes.ts';

/** The size-charts module's one plugin (ADR 0019). */
export default async function sizeChartsPlugin(app: App) {
  await app.register(sizeChartsRoutes);
}
