import fp from 'fastify-plugin';
import type { App } from '../../lib/types.ts';
import commissionInvoiceRoutes from './commission-invoices.routes.ts';
import { issueCommissionInvoices, monthToInvoice } from './commission-invoices.service.ts';

/** How often the timer looks whether last month's commission invoices are issued. */
export const COMMISSION_TIMER_MS = 6 * 60 * 60_000;

/**
 * Issues last month's commission invoices on its own (docs/decisions/0118-gst-returns-and-commission-invoices.md):
 * from onReady and every six hours, so within hours of the 1st; issuing is idempotent per seller and
 * month, so repeated runs and several server processes issue each invoice once. Not started when
 * NODE_ENV=test: tests call `issueCommissionInvoices` with the month they need.
 */
const commissionTimer = fp(async (app: App) => {
  if (app.config.env === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let done: string | null = null;

  const tick = () => {
    const month = monthToInvoice(new Date());
    if (running || done === month) return;
    running = issueCommissionInvoices({ db: app.db }, month)
      .then((issued) => {
        done = month;
        if (issued.length > 0) app.log.info({ month, count: issued.length }, 'commission invoices issued');
      })
      .catch((err: unknown) => app.log.error({ err, month }, 'issuing commission invoices failed'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(tick, COMMISSION_TIMER_MS);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});

/** The commission-invoices module's one plugin (ADR 0019). */
export default async function commissionInvoicesPlugin(app: App) {
  await app.register(commissionInvoiceRoutes);
  await app.register(commissionTimer);
}
