import type { App } from '../../lib/types.ts';
import placesRoutes from './places.routes.ts';

/** The places module's one plugin (ADR 0019). */
export default async function placesPlugin(app: App) {
  await app.register(placesRoutes);
}
