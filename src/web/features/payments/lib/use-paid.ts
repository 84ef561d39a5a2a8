import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Order } from '#shared/schemas/order.ts';
import { useCart } from '#web/lib/cart/cart-context.tsx';
import { clearCouponCodes } from '#web/lib/cart/use-coupon-codes.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * What happens in the browser once the server has verified a payment (SPEC §4): the cart is cleared and
 * the order details refresh (the server already queued the completion mails).
 */
export function usePaid(): (order: Order) => Promise<void> {
  const queryClient = useQueryClient();
  const cart = useCart();
  return useCallback(
    async (order: Order) => {
      cart.clear();
      clearCouponCodes();
      queryClient.setQueryData(queryKeys.orders.detail(order._id), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    },
    [cart, queryClient],
  );
}
