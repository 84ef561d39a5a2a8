import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '#shared/schemas/order.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PUT /api/orders/:id/deliver — Admin or Distributor marks an order delivered (never undone). */
export const deliverOrder = (id: string) => api.put<Order>(`/api/orders/${encodeURIComponent(id)}/deliver`);

export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrder,
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order._id), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
  });
}
