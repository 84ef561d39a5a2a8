import { queryOptions, useQuery } from '@tanstack/react-query';
import type { City } from '#shared/schemas/places.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/places/countries/:iso2/states/:stateCode/cities. */
export const getCities = (countryCode: string, stateCode: string, signal?: AbortSignal) =>
  api.get<City[]>(
    `/api/places/countries/${encodeURIComponent(countryCode)}/states/${encodeURIComponent(stateCode)}/cities`,
    { signal },
  );

export const citiesQueryOptions = (countryCode: string, stateCode: string) =>
  queryOptions({
    queryKey: queryKeys.places.cities(countryCode, stateCode),
    queryFn: ({ signal }) => getCities(countryCode, stateCode, signal),
    staleTime: Infinity,
  });

/** Cities of a state; idle until both country and state are chosen. */
export const useCities = (countryCode: string | undefined, stateCode: string | undefined) =>
  useQuery({
    ...citiesQueryOptions(countryCode ?? '', stateCode ?? ''),
    enabled: !!countryCode && !!stateCode,
  });
