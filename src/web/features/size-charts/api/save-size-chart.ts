import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SizeChartBody, SizeChartDeleted, SizeChartItem } from '#shared/schemas/size-chart.ts';
import { api } from '#web/lib/api-client.ts';
import { invalidateProducts } from '#web/lib/query-keys.ts';

const chartPath = (id: string) => `/api/size-charts/${encodeURIComponent(id)}`;

/**
 * A chart changed or went: the seller's lists (under product management), the product pages that show it,
 * and the edit form's product (its chart may be gone). The same keys a product change refreshes.
 */
const afterChange = invalidateProducts;

/** POST /api/size-charts (no id) or PUT /api/size-charts/:id: the whole chart. */
export const saveSizeChart = ({ id, body }: { id: string | null; body: SizeChartBody }) =>
  id ? api.put<SizeChartItem>(chartPath(id), body) : api.post<SizeChartItem>('/api/size-charts', body);

export function useSaveSizeChart() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSizeChart, onSettled: () => afterChange(queryClient) });
}

/** DELETE /api/size-charts/:id: answers how many products lost the chart. */
export const deleteSizeChart = (id: string) => api.delete<SizeChartDeleted>(chartPath(id));

export function useDeleteSizeChart() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSizeChart, onSettled: () => afterChange(queryClient) });
}
