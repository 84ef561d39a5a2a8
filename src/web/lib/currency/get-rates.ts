import { queryOptions } from '@tanstack/react-query';
import type { RatesResponse } from '#shared/rates.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/rates/:code — a rate table in RATES_URL's shape (`{ date, <code>: {…}, snapshot }`). The web
 * converts with the INR table, the one the server prices orders with, so what a buyer sees is what an
 * order charges.
 */
export const getRates = (code: string, signal?: AbortSignal) =>
  api.get<RatesResponse>(`/api/rates/${encodeURIComponent(code.toLowerCase())}`, { signal });

export const ratesQueryOptions = (code: string) =>
  queryOptions({
    queryKey: queryKeys.currency.rates(code.toUpperCase()),
    queryFn: ({ signal }) => getRates(code, signal),
    // The server refreshes daily and answers with max-age=600; ask again after the same time.
    staleTime: 10 * 60_000,
  });
