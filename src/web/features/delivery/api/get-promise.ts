import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryPromise } from '#shared/schemas/delivery.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/delivery/promise: whether a product reaches a pincode, by when, and cash on delivery. */
export const getPromise = (productId: string, pincode: string, signal?: AbortSignal) =>
  api.get<DeliveryPromise>(
    `/api/delivery/promise?product=${encodeURIComponent(productId)}&pincode=${encodeURIComponent(pincode)}`,
    { signal },
  );

export const promiseQuery = (productId: string, pincode: string) =>
  queryOptions({
    queryKey: queryKeys.delivery.promise(productId, pincode),
    queryFn: ({ signal }) => getPromise(productId, pincode, signal),
    staleTime: 5 * 60_000,
    // A 400 (no such pincode) is an answer, not a hiccup.
    retry: false,
  });

/** The answer for the pincode asked; nothing is fetched until there is one. */
export const useDeliveryPromise = (productId: string, pincode: string | null) =>
  useQuery({ ...promiseQuery(productId, pincode ?? ''), enabled: !!pincode });
