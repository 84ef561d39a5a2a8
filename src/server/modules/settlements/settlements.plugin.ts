import type { App } from '../../lib/types.ts';
import codRemittancesRoutes from './cod-remittances.routes.ts';
import payoutsRoutes from './payouts.routes.ts';
import rulesRoutes from './rules.routes.ts';
import statementsRoutes from './statements.routes.ts';

/** The settlements module's one plugin (ADR 0019): seller money (docs/product/settlements.md). */
export default async function settlementsPlugin(app: App) {
  await app.register(payoutsRoutes);
  await app.register(statementsRoutes);
  await app.register(rulesRoutes);
  await app.register(codRemittancesRoutes);
}
