import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelBody, CancelResult } from '#shared/schemas/fulfilment.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PUT /api/shipments/:id/cancel — the buyer cancels one seller's part until it is shipped. */
export const cancelShipment = (id: string, body: CancelBody = {}) =>
  api.put<CancelResult>(`/api/shipments/${encodeURIComponent(id)}/cancel`, body);

/** PUT /api/orders/:id/cancel — every open shipment of the order at once, or none. */
export const cancelWholeOrder = (id: string, body: CancelBody = {}) =>
  api.put<CancelResult>(`/api/orders/${encodeURIComponent(id)}/cancel`, body);

export type CancelTarget = { kind: 'shipment' | 'order'; id: string; note?: string };

/**
 * Cancels a shipment or a whole order, then refetches everything about orders: the order's flags and
 * totals, its timelines and refunds, My Purchases' status.
 */
export function useCancel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, note }: CancelTarget) => {
      const body: CancelBody = note ? { note } : {};
      return kind === 'order' ? cancelWholeOrder(id, body) : cancelShipment(id, body);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
