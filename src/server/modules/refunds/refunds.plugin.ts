import { z } from 'zod';
import type { App } from '../../lib/types.ts';
import { refundAtProvider } from '../payments/payments.service.ts';
import { refundMailJob } from './refund-mails.ts';
import { REFUND_MAIL_JOB } from './refunds.repo.ts';
import refundsRoutes from './refunds.routes.ts';
import { REFUND_EXECUTE_JOB, executeRefund } from './refunds.service.ts';

const executePayload = z.object({ refundId: z.string() });

/** The refunds module's one plugin (ADR 0019): refunds through the providers or by the operator, and their list. */
export default async function refundsPlugin(app: App) {
  await app.register(refundsRoutes);
  // Paying a refund back through its provider (docs/decisions/0111-refunds.md): queued by requestRefund.
  app.jobs.handle(REFUND_EXECUTE_JOB, async (raw, { db }) => {
    const { refundId } = executePayload.parse(raw);
    await executeRefund(
      db,
      (req) => refundAtProvider(db, { providers: app.payments.providers, log: app.log }, req),
      refundId,
    );
  });
  // The buyer's 'refund_issued' mail, queued when a refund reaches processed.
  app.jobs.handle(REFUND_MAIL_JOB, refundMailJob(app.config));
}
