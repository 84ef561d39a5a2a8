import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelBody,
  ShipBody,
  Shipment,
  ShipmentList,
  ShipmentListQuery,
} from '#shared/schemas/fulfilment.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** 'seller': GET /api/seller/shipments (the seller's own); 'all': GET /api/shipments (Admin, Distributor). */
export type ShipmentScope = 'seller' | 'all';

export function getShipments(scope: ShipmentScope, query: ShipmentListQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const path = scope === 'seller' ? '/api/seller/shipments' : '/api/shipments';
  const search = params.toString();
  return api.get<ShipmentList>(`${path}${search ? `?${search}` : ''}`, { signal });
}

export const shipmentsQueryOptions = (scope: ShipmentScope, query: ShipmentListQuery) =>
  queryOptions({
    queryKey: queryKeys.shipments.list(scope, query),
    queryFn: ({ signal }) => getShipments(scope, query, signal),
    // Keep the current tab on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useShipments = (scope: ShipmentScope, query: ShipmentListQuery) =>
  useQuery(shipmentsQueryOptions(scope, query));

/** The moves a list offers, each a PUT /api/shipments/:id/<path>. */
export type ShipmentMove =
  | { move: 'accept' | 'pack' | 'deliver' | 'return-to-origin' }
  | { move: 'ship'; body: ShipBody }
  | { move: 'cancel'; body: CancelBody };

export function moveShipment(id: string, m: ShipmentMove) {
  const path = `/api/shipments/${encodeURIComponent(id)}/${m.move}`;
  return 'body' in m ? api.put<Shipment>(path, m.body) : api.put<Shipment>(path);
}

/**
 * One shipment's moves. Every move changes counts, the order's flags and the dashboard, so it refetches
 * everything under orders (lists, tabs, the dashboard) rather than patching one row.
 */
export function useMoveShipment(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (m: ShipmentMove) => moveShipment(id, m),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}

/** GET /api/shipments/:id/packing-slip: a PDF, fetched by the browser itself (the session cookie). */
export const packingSlipUrl = (id: string) => `/api/shipments/${encodeURIComponent(id)}/packing-slip`;
