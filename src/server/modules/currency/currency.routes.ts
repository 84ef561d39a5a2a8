import { z } from 'zod';
import { ratesTableBody, todayIso } from '#shared/rates.ts';
import { geoCurrencySchema, ratesParamsSchema, ratesResponseSchema } from '#shared/schemas/currency.ts';
import type { App } from '../../lib/types.ts';
import { lookupGeoCurrency } from './geo.service.ts';
import { createRatesService } from './rates.service.ts';

/** How often a running app checks that the INR table (the one orders convert with) is today's. */
const BACKGROUND_CHECK_MS = 3_600_000;

/**
 * Exchange rates and the visitor's currency (docs/product/currency-and-places.md). GET /api/currencies lives with places.
 * Public, read-only.
 */
export default async function currencyRoutes(app: App) {
  const rates = createRatesService(app.db, { ratesUrl: app.config.ratesUrl, log: app.log });

  // Orders read the cached INR table without fetching (getRateFromInr); keep it current even when no page
  // asks for rates. The first check waits an interval, so start-up and tests make no outgoing call.
  if (app.config.ratesUrl) {
    const timer = setInterval(() => void rates.getTable('INR').catch(() => {}), BACKGROUND_CHECK_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  app.get(
    '/rates/:code',
    {
      schema: {
        tags: ['currency'],
        summary: "A currency's rate table (units of each other currency per 1 of it), in RATES_URL's shape",
        description:
          'Cached and refreshed daily from RATES_URL; when that is unset or unreachable, the bundled snapshot ' +
          "(`snapshot: true`, its `date` is the snapshot's). Codes are the currency table's, any case; the " +
          'table is keyed by the lower-case code.',
        params: ratesParamsSchema,
        response: { 200: ratesResponseSchema, 304: z.undefined().describe('Not modified (If-None-Match)') },
      },
    },
    async (req, reply) => {
      const table = await rates.getTable(req.params.code);
      const current = table.date >= todayIso();
      const etag = `"${table.code}-${table.date}-${table.snapshot ? 's' : 'c'}"`;
      // Short lives: a table refreshed on the server should reach the price a buyer sees within minutes,
      // and one that is not today's should be asked for again soon.
      reply.header('cache-control', current ? 'public, max-age=600' : 'public, max-age=60');
      reply.header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.status(304).send(undefined);
      // The schema's catch-all types `date` as a table too; the shape itself is what it checks.
      return { ...ratesTableBody(table.code, table), snapshot: table.snapshot } as unknown as z.infer<
        typeof ratesResponseSchema
      >;
    },
  );

  app.get(
    '/geo/currency',
    {
      schema: {
        tags: ['currency'],
        summary: "The visitor's country and currency by their IP address (GEOIP_URL); nulls when unknown",
        response: { 200: geoCurrencySchema },
      },
    },
    async (req, reply) => {
      const geo = await lookupGeoCurrency(app.config.geoipUrl, req.ip, { log: req.log });
      reply.header('cache-control', 'private, max-age=86400');
      return geo;
    },
  );
}
