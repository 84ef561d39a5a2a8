import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '#shared/schemas/places.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/places/countries: about 250 countries with their ISO code and currency. */
export const getCountries = (signal?: AbortSignal) => api.get<Country[]>('/api/places/countries', { signal });

export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.places.countries,
    queryFn: ({ signal }) => getCountries(signal),
    staleTime: Infinity, // fixed data shipped with the server
  });

export const useCountries = () => useQuery(countriesQueryOptions());
