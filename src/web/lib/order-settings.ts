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
  const settings = useQuery({
    queryKey: queryKeys.orderSettings,
    queryFn: ({ signal }) => getOrderSettings(signal),
    staleTime: Infinity,
  });
  return settings.data?.qtyLimit ?? DEFAULT_ORDER_QTY_LIMIT;
}
