import type { App } from '../../lib/types.ts';
import usersAdminRoutes from './users-admin.routes.ts';

/** The users-admin module's one plugin (ADR 0019). */
export default async function usersAdminPlugin(app: App) {
  await app.register(usersAdminRoutes);
}
