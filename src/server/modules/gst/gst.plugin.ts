import type { App } from '../../lib/types.ts';
import gstRoutes from './gst.routes.ts';

/** The GST module's one plugin (ADR 0019): the rate table, the operator's settings and the GSTR exports. */
export default async function gstPlugin(app: App) {
  await app.register(gstRoutes);
}
