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
 * Notifications (docs/product/api.md; docs/product/payments.md): the mail transport and its jobs, the order-completion endpoints
 * and the SPEC's check/record calls. Requires the jobs plugin.
 */
export default async function notificationsRoutes(app: App) {
  const mailer = createMailer(app.config);
  app.jobs.handle(EMAIL_JOB, sendEmailJob(mailer));
  app.jobs.handle(ORDER_COMPLETED_JOB, orderCompletedJob(app.config));
  app.addHook('onClose', async () => mailer.close());

  // The transaction that completes an order queues its mails (docs/product/notifications.md#when-order-e-mails-go-out);
  // these remain for clients that ask again. GET, the spelling older clients use, and POST are the same
  // request: idempotent, they queue what is not queued yet for the audience and change nothing else, so
  // GET is the one GET allowed to write (a cross-site GET can only queue mails that are due anyway).
  for (const audience of COMPLETION_AUDIENCES) {
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: `/orders/email/${audience}/complete_order/:id`,
        onRequest: requireActive,
        schema: {
          tags: ['notifications'],
          summary: `Queue the ${audience} completion mail(s) of an order (its buyer and Admin; once per recipient)`,
          params: idParams('Order not found'),
          response: { 200: completionMailsSchema, 409: errorSchema },
        },
        handler: async (req) => completeOrderMails(signedIn(req), app.config, req.params.id, audience),
      });
    }
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
