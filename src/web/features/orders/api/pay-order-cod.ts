import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/order.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PUT /api/orders/:id/CashOnDelivery/pay — Admin or Distributor marks an unpaid cash-on-delivery order paid. */
export const payOrderCashOnDelivery = (id: string) =>
  api.put<Order>(`/api/orders/${encodeURIComponent(id)}/CashOnDelivery/pay`, {});

export function usePayOrderCashOnDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrderCashOnDelivery,
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order._id), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
