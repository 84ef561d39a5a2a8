import type { App } from '../../lib/types.ts';
import wishlistRoutes from './wishlist.routes.ts';

/** The wishlist module's one plugin (ADR 0019). */
export default async function wishlistPlugin(app: App) {
  await app.register(wishlistRoutes);
}
