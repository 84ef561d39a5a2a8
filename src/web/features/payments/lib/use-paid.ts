import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Order } from '#shared/schemas/order.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * What happens in the browser once the server has verified a payment: the order details refresh. The
 * server queued the completion mails in the paying transaction; the order page, seeing the order paid,
 * takes the lines it took out of the cart (components/order-payment.tsx, ADR 0133).
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
