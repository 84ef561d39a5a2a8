import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Order } from '#shared/schemas/order.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * What happens in the browser once the server has verified a payment: the order details refresh. The
 * server queued the completion mails in the paying transaction, and the cart was emptied when the order
 * was placed from it (the Place Order page is the one place that clears it).
 */
export function usePaid(): (order: Order) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (order: Order) => {
      queryClient.setQueryData(queryKeys.orders.detail(order._id), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    [queryClient],
  );
}
