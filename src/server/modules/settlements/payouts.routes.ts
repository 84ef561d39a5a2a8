import type { App } from '../../lib/types.ts';

/** Settlements: payout accounts, batches, execution webhooks (ADR 0121). */
export default async function payoutsRoutes(_app: App) {}
