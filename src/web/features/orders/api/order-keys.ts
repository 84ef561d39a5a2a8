import type { OrderListQuery } from '#shared/schemas/order.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * Query keys of the order screens. Orders are private data: they sit under `queryKeys.private`, so signing
 * in or out drops them (one person's orders are never shown to the next).
 */
const all = [...queryKeys.private, 'orders'] as const;

export const orderKeys = {
  all,
  detail: (id: string) => [...all, 'detail', id] as const,
  mine: [...all, 'mine'] as const,
  list: (query: OrderListQuery) => [...all, 'list', query] as const,
  seller: (userId: string, page: number) => [...all, 'seller', userId, page] as const,
  pendingPayments: [...all, 'pending-seller-payments'] as const,
};
