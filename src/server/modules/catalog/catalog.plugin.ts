import type { App } from '../../lib/types.ts';
import catalogRoutes from './catalog.routes.ts';
import { discountExpiryPlugin } from './discount-expiry.plugin.ts';

// The web app's product pages get their <head> from the catalog; app.ts reaches it through this plugin file.
export { productHeadHtml } from './product-head.ts';

/**
 * The catalog module's one plugin (ADR 0019). catalog.routes.ts registers the category, discount, product
 * write and markup routes; shops and uploads have plugins of their own. The discount expiry timer keeps
 * sale prices in step when discounts end.
 */
export default async function catalogPlugin(app: App) {
  await app.register(catalogRoutes);
  await app.register(discountExpiryPlugin);
}
