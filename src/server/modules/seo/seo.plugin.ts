import type { App } from '../../lib/types.ts';
import seoRoutes from './seo.routes.ts';

/** The seo module's one plugin (ADR 0019): robots.txt and the sitemap, outside /api. */
export default async function seoPlugin(app: App) {
  await app.register(seoRoutes);
}
