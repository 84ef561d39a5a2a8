import { errorSchema, idParams } from '#shared/schemas/common.ts';
import {
  COMPLETION_AUDIENCES,
  completionMailsSchema,
  notificationCheckSchema,
  notificationKeySchema,
  notificationRecordSchema,
} from '#shared/schemas/payment.ts';
import type { App } from '../../lib/types.ts';
import { requireActive } from '../../plugins/auth.ts';
import { createMailer } from './mailer.ts';
import { checkNotification, EMAIL_JOB, recordNotification, sendEmailJob } from './notifications.service.ts';
import { completeOrderMails, ORDER_COMPLETED_JOB, orderCompletedJob } from './order-mails.ts';
import { signedIn } from '../../plugins/context.ts';

/**
 * Notifications (SPEC §7; DECISIONS §7): the mail transport and its jobs, the order-completion endpoints
 * and the SPEC's check/record calls. Requires the jobs plugin.
 */
export default async function notificationsRoutes(app: App) {
  const mailer = createMailer(app.config);
  app.jobs.handle(EMAIL_JOB, sendEmailJob(mailer));
  app.jobs.handle(ORDER_COMPLETED_JOB, orderCompletedJob(app.config));
  app.addHook('onClose', async () => mailer.close());

  // SPEC §7 names GET for these, but DECISIONS §4 says GET never changes state: queueing mail is a write,
  // so it is POST (which also gets the cross-site Origin check). COD and paid orders queue their mails on
  // the server anyway; these remain for clients that ask again (idempotent: once per recipient).
  for (const audience of COMPLETION_AUDIENCES) {
    app.post(
      `/orders/email/${audience}/complete_order/:id`,
      {
        onRequest: requireActive,
        schema: {
          tags: ['notifications'],
          summary: `Queue the ${audience} completion mail(s) of an order (its buyer and Admin; once per recipient)`,
          params: idParams('Order not found'),
          response: { 200: completionMailsSchema, 409: errorSchema },
        },
      },
      async (req) => completeOrderMails(signedIn(req), app.config, req.params.id, audience),
    );
  }

  app.get(
    '/notifications/check',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Whether a notification was recorded (for my own documents)',
        querystring: notificationKeySchema,
        response: { 200: notificationCheckSchema },
      },
    },
    async (req) => ({ sent: await checkNotification(signedIn(req), req.query) }),
  );

  app.post(
    '/notifications/record',
    {
      onRequest: requireActive,
      schema: {
        tags: ['notifications'],
        summary:
          'Record one of my own notifications as sent (SPEC clients; the server records what it sends)',
        body: notificationKeySchema,
        response: { 200: notificationRecordSchema },
      },
    },
    async (req) => ({ recorded: await recordNotification(signedIn(req), req.body) }),
  );
}
