import type { App } from '../../lib/types.ts';

/** Settlements: ledger views, statements, certificates, totals (ADR 0122). */
export default async function statementsRoutes(_app: App) {}
