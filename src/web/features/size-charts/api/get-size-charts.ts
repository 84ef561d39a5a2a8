import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SizeChartItem } from '#shared/schemas/size-chart.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/size-charts(?seller=): the caller's charts, or (Admin) a seller's, by name. */
export const getSizeCharts = (seller: string, signal?: AbortSignal) =>
  api.get<SizeChartItem[]>(
    seller ? `/api/size-charts?seller=${encodeURIComponent(seller)}` : '/api/size-charts',
    { signal },
  );

export const sizeChartsQuery = (seller = '') =>
  queryOptions({
    queryKey: queryKeys.productManagement.sizeChartsOf(seller),
    queryFn: ({ signal }) => getSizeCharts(seller, signal),
  });

/**
 * The charts, refetched when the tab regains focus: the product form's "Create a chart" link opens the
 * editor in another tab, and the new chart should be in the picker when the seller comes back.
 */
export const useSizeCharts = (seller = '', { refetchOnFocus = false } = {}) =>
  useQuery({ ...sizeChartsQuery(seller), refetchOnWindowFocus: refetchOnFocus ? 'always' : false });
