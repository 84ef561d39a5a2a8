import type { App } from '../../lib/types.ts';
import mailboxRoutes from './mailbox.routes.ts';
import notificationsRoutes from './notifications.routes.ts';

/**
 * The notifications module's one plugin (ADR 0019). Registered without a prefix: notifications live
 * under /api, the development mailbox at /dev/mailbox (docs/product/payments.md).
 */
export default async function notificationsPlugin(app: App) {
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(mailboxRoutes);
}
