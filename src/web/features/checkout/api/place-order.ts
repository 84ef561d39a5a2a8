import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order, PlaceOrderBody } from '#shared/schemas/order.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type PlaceOrderRequest = { body: PlaceOrderBody; idempotencyKey: string };

/**
 * POST /api/orders. The `Idempotency-Key` names one checkout attempt: sent again on a retry (a lost
 * answer, a double click), the server returns the order it already made instead of a second one.
 */
export const placeOrder = ({ body, idempotencyKey }: PlaceOrderRequest) =>
  api.post<Order>('/api/orders', body, { headers: { 'Idempotency-Key': idempotencyKey } });

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order._id), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.mine });
    },
  });
}
