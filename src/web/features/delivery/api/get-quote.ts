import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeliveryQuote, QuoteBody } from '#shared/schemas/delivery.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /api/delivery/quote: the cart to the shipping address, before the order is placed (changes nothing). */
export const getQuote = (body: QuoteBody, signal?: AbortSignal) =>
  api.post<DeliveryQuote>('/api/delivery/quote', body, { signal });

/** Checkout's delivery dates per seller and cash on delivery; null body = not asked yet. */
export const useDeliveryQuote = (body: QuoteBody | null) =>
  useQuery({
    queryKey: queryKeys.delivery.quote(JSON.stringify(body)),
    queryFn: ({ signal }) => getQuote(body!, signal),
    enabled: !!body,
    retry: false,
    placeholderData: keepPreviousData,
  });
