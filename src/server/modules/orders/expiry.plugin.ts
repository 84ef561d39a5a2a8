import fp from 'fastify-plugin';
import type { App } from '../../lib/types.ts';
import { expireUnpaidOrders } from './orders.service.ts';

/** How often unpaid RazorPay/PayPal orders are looked for. */
export const EXPIRY_INTERVAL_MS = 60_000;

/**
 * Runs `expireUnpaidOrders` once a minute from onReady until onClose. The time limit itself is
 * `UNPAID_ORDER_LIMIT_MINUTES` in src/shared/checkout.ts, which the order page shows too
 * (docs/product/orders-and-checkout.md#unpaid-order-expiry). Safe with several
 * server processes: the job cancels with conditional updates. Not started when NODE_ENV=test: tests call
 * `expireUnpaidOrders(db, now)` with the `now` they need instead of waiting for a timer.
 */
export const orderExpiryPlugin = fp(async (app: App) => {
  if (app.config.env === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = () => {
    if (running) return; // the previous run is still going: skip, the next tick catches up
    running = expireUnpaidOrders(app.db, new Date())
      .then(({ cancelled }) => {
        if (cancelled.length > 0) app.log.info({ orders: cancelled }, 'cancelled unpaid orders');
      })
      .catch((err: unknown) => app.log.error({ err }, 'expiring unpaid orders failed'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(tick, EXPIRY_INTERVAL_MS);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
