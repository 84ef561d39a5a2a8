import { useQuery } from '@tanstack/react-query';
import { DEFAULT_ORDER_QTY_LIMIT } from '#shared/order-quantity.ts';
import type { OrderSettings } from '#shared/schemas/order.ts';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET /api/config/orders: the order settings the storefront follows (docs/decisions/0132-phone-purchase-flow.md). */
export const getOrderSettings = (signal?: AbortSignal) =>
  api.get<OrderSettings>('/api/config/orders', { signal });

/**
 * The most units of one item an order may hold (ORDER_QTY_LIMIT), as the server says; the default until
 * it has answered (a server-rendered page carries the answer). The server refuses more anyway.
 */
export function useQtyLimit(): number {
  return useKnownQtyLimit() ?? DEFAULT_ORDER_QTY_LIMIT;
}

/** The server's per-order limit once it has answered, else undefined (for changing a cart, never a guess). */
export function useKnownQtyLimit(): number | undefined {
  const settings = useQuery({
    queryKey: queryKeys.orderSettings,
    queryFn: ({ signal }) => getOrderSettings(signal),
    staleTime: Infinity,
  });
  return settings.data?.qtyLimit;
}
