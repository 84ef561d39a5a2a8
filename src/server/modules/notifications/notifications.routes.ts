import type { App } from '../../lib/types.ts';
import { createMailer } from './mailer.ts';
import { EMAIL_JOB, sendEmailJob } from './notifications.service.ts';

/**
 * Notifications: the mail transport and the `email.send` job (DECISIONS §7). Requires the jobs plugin.
 */
export default async function notificationsRoutes(app: App) {
  const mailer = createMailer(app.config);
  app.jobs.handle(EMAIL_JOB, sendEmailJob(mailer));
  app.addHook('onClose', async () => mailer.close());
}
