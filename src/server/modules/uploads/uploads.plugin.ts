import type { App } from '../../lib/types.ts';
import uploadsRoutes from './uploads.routes.ts';

/** The uploads module's one plugin (ADR 0019); its routes register their own multipart parser. */
export default async function uploadsPlugin(app: App) {
  await app.register(uploadsRoutes);
}
