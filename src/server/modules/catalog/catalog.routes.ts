import type { App } from '../../lib/types.ts';

// Placeholder: the catalog read API is being written (issue 3).
export default async function catalogRoutes(_app: App) {}
