import { queryOptions } from '@tanstack/react-query';
import type { GeoCurrency } from '#shared/rates.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

const UNKNOWN: GeoCurrency = { currency: null, country: null };

/**
 * GET /api/geo/currency — the visitor's currency by IP address (the server asks GEOIP_URL). Silent
 * (docs/product/currency-and-places.md, docs/product/messages.md): any failure reads as "unknown" and the browser locale decides.
 */
export async function getGeoCurrency(signal?: AbortSignal): Promise<GeoCurrency> {
  try {
    return await api.get<GeoCurrency>('/api/geo/currency', { signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return UNKNOWN;
  }
}

export const geoCurrencyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currency.geo,
    queryFn: ({ signal }) => getGeoCurrency(signal),
    staleTime: Infinity,
    retry: false,
  });
