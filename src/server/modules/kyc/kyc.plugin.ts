import type { App } from '../../lib/types.ts';
import kycRoutes from './kyc.routes.ts';

/** The kyc module's one plugin (ADR 0019). */
export default async function kycPlugin(app: App) {
  await app.register(kycRoutes);
}
