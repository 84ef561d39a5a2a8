import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { ProductDiscount } from '#shared/schemas/product.ts';
import { api, isApiError } from '#web/lib/api-client.ts';

/**
 * Live discounts, for the Place Order preview. SPEC §8: a failed discount lookup means "no discount"
 * (the server prices the order itself anyway, DECISIONS §6).
 */
export async function getDiscounts(signal?: AbortSignal): Promise<ProductDiscount[]> {
  try {
    return await api.get<ProductDiscount[]>('/api/product-discounts', { signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return [];
  }
}

const byProduct = (list: readonly ProductDiscount[]) => new Map(list.map((d) => [d.product_id, d]));

export const discountsQueryOptions = () =>
  queryOptions({
    queryKey: ['discounts'] as const,
    queryFn: ({ signal }) => getDiscounts(signal),
    staleTime: 5 * 60_000,
  });

/** Live discounts by product id. */
export function useDiscounts() {
  const query = useQuery(discountsQueryOptions());
  return { isPending: query.isPending, byProduct: byProduct(query.data ?? []) };
}

/** GET /api/product-discounts/coupon/:code — the discounts of a code the buyer entered; 404 is "no such code". */
export async function getCouponDiscounts(code: string, signal?: AbortSignal): Promise<ProductDiscount[]> {
  try {
    return await api.get<ProductDiscount[]>(`/api/product-discounts/coupon/${encodeURIComponent(code)}`, {
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

export const couponDiscountsQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['discounts', 'coupon', code.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => getCouponDiscounts(code, signal),
    staleTime: 5 * 60_000,
  });

/** The discounts of every entered coupon code, by product id; loading until all have answered. */
export function useCouponDiscounts(codes: readonly string[]) {
  return useQueries({
    queries: codes.map((code) => couponDiscountsQueryOptions(code)),
    combine: (results) => ({
      byProduct: byProduct(results.flatMap((r) => r.data ?? [])),
      isPending: results.some((r) => r.isPending),
    }),
  });
}
