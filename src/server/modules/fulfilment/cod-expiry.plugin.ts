import fp from 'fastify-plugin';
import type { App } from '../../lib/types.ts';
import { cancelUnacceptedCodOrders } from './cancel.service.ts';

/** How often unaccepted unpaid cash-on-delivery orders are looked for. */
export const COD_EXPIRY_INTERVAL_MS = 5 * 60_000;

/**
 * Runs `cancelUnacceptedCodOrders` every five minutes from onReady until onClose
 * (docs/decisions/0110-cancellations.md); the hours are the operator's (delivery_settings). Safe with
 * several server processes: each order is cancelled under its shipments' row locks, once. Not started when
 * NODE_ENV=test: tests call `cancelUnacceptedCodOrders({ db, config }, now)` with the `now` they need.
 */
export const codExpiryPlugin = fp(async (app: App) => {
  if (app.config.env === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = () => {
    if (running) return; // the previous run is still going: skip, the next tick catches up
    running = cancelUnacceptedCodOrders({ db: app.db, config: app.config }, new Date())
      .then(({ cancelled }) => {
        if (cancelled.length > 0) {
          app.log.info({ orders: cancelled }, 'cancelled unaccepted cash-on-delivery orders');
        }
      })
      .catch((err: unknown) => app.log.error({ err }, 'cancelling unaccepted cash-on-delivery orders failed'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(tick, COD_EXPIRY_INTERVAL_MS);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
