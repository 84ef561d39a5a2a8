import type { App } from '../../lib/types.ts';

// Placeholder: the places module is being written (issue 2).
export default async function placesRoutes(_app: App) {}
