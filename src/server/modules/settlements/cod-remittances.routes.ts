import type { App } from '../../lib/types.ts';

/** Settlements: cash Distributors owe and remit (ADR 0123). */
export default async function codRemittancesRoutes(_app: App) {}
