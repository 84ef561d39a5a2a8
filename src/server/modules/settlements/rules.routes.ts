import type { App } from '../../lib/types.ts';

/** Settlements: commission rules, settlement settings, adjustments (ADR 0123). */
export default async function rulesRoutes(_app: App) {}
