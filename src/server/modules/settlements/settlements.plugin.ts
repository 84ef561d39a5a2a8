import fp from 'fastify-plugin';
import { z } from 'zod';
import type { App } from '../../lib/types.ts';
import codRemittancesRoutes from './cod-remittances.routes.ts';
import payoutsRoutes from './payouts.routes.ts';
import { PAYOUT_EXECUTE_JOB, executePayout, runSettlementCycle } from './payouts.service.ts';
import rulesRoutes from './rules.routes.ts';
import statementsRoutes from './statements.routes.ts';
import { payoutMailJob } from './payout-mails.ts';
import { PAYOUT_MAIL_JOB } from './payouts.repo.ts';

/** How often the cycle timer looks whether a settlement cycle is due. */
export const SETTLEMENT_TIMER_MS = 60 * 60_000;

const executePayload = z.object({ payoutId: z.string() });

/**
 * Prepares the next payout batch on its own (docs/decisions/0121-payouts.md): from onReady and every hour,
 * when no batch was prepared in the last `cycleDays` days, a draft batch for an Admin to approve. Two
 * processes at once prepare one batch (entries are claimed once). Not started when NODE_ENV=test: tests
 * call `runSettlementCycle`.
 */
const settlementTimer = fp(async (app: App) => {
  if (app.config.env === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = () => {
    if (running) return;
    running = runSettlementCycle(app.db, app.config)
      .then((batch) => {
        if (batch) app.log.info({ batch: batch.number, count: batch.count }, 'payout batch prepared');
      })
      .catch((err: unknown) => app.log.error({ err }, 'preparing the payout batch failed'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(tick, SETTLEMENT_TIMER_MS);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});

/** The settlements module's one plugin (ADR 0019): seller money (docs/product/settlements.md). */
export default async function settlementsPlugin(app: App) {
  await app.register(payoutsRoutes);
  await app.register(statementsRoutes);
  await app.register(rulesRoutes);
  await app.register(codRemittancesRoutes);
  // Sending an approved payout to RazorpayX (queued by approving its batch).
  app.jobs.handle(PAYOUT_EXECUTE_JOB, async (raw, { db }) => {
    const { payoutId } = executePayload.parse(raw);
    await executePayout(db, app.config, payoutId);
  });
  // The seller's mail when a payout is sent or comes back (queued by the state move).
  app.jobs.handle(PAYOUT_MAIL_JOB, payoutMailJob(app.config));
  await app.register(settlementTimer);
}
