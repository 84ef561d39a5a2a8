import type { App } from '../../lib/types.ts';

// Placeholder: the accounts module is being written (issue 2).
export default async function accountsRoutes(_app: App) {}
