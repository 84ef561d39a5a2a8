import fp from 'fastify-plugin';
import type { App } from '../../lib/types.ts';
import { refreshEndedDiscounts } from './product-filter.service.ts';

/** How often products whose discount has ended are looked for. */
export const DISCOUNT_EXPIRY_INTERVAL_MS = 60_000;

/**
 * A discount ends when its `valid_until` passes, which no trigger sees: until refreshed, the product's
 * derived sale_price and discount_percent (filters, sorts and facets read them) still have it off.
 * This timer calls `refreshEndedDiscounts` once a minute from onReady until onClose, like the unpaid-order
 * expiry (orders/expiry.plugin.ts). Safe with several server processes: the refresh is idempotent.
 * Prices charged are never affected: checkout prices from the discount row itself (#shared/discounts.ts).
 * Not started when NODE_ENV=test: tests call `refreshEndedDiscounts` themselves.
 */
export const discountExpiryPlugin = fp(async (app: App) => {
  if (app.config.env === 'test') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const tick = () => {
    if (running) return; // the previous run is still going: skip, the next tick catches up
    running = refreshEndedDiscounts({ db: app.db })
      .then((n) => {
        if (n > 0) app.log.info({ products: n }, 'refreshed sale prices of ended discounts');
      })
      .catch((err: unknown) => app.log.error({ err }, 'refreshing ended discounts failed'))
      .finally(() => {
        running = null;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(tick, DISCOUNT_EXPIRY_INTERVAL_MS);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
});
