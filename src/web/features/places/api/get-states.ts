import { queryOptions, useQuery } from '@tanstack/react-query';
import type { State } from '#shared/schemas/places.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/places/countries/:iso2/states. Hong Kong, Macau and Taiwan answer with a single entry. */
export const getStates = (countryCode: string, signal?: AbortSignal) =>
  api.get<State[]>(`/api/places/countries/${encodeURIComponent(countryCode)}/states`, { signal });

export const statesQueryOptions = (countryCode: string) =>
  queryOptions({
    queryKey: queryKeys.places.states(countryCode),
    queryFn: ({ signal }) => getStates(countryCode, signal),
    staleTime: Infinity,
  });

/** States of a country; idle until a country is chosen. */
export const useStates = (countryCode: string | undefined) =>
  useQuery({ ...statesQueryOptions(countryCode ?? ''), enabled: !!countryCode });
