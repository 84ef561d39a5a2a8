import { queryOptions, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ProductDiscount } from '#shared/schemas/product.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { api, hasErrorCode } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/product-discounts/coupon/:code — the live discounts of a code, or 404. Rate limited. */
export const getCouponDiscounts = (code: string, signal?: AbortSignal) =>
  api.get<ProductDiscount[]>(`/api/product-discounts/coupon/${encodeURIComponent(code.trim())}`, { signal });

export const couponQueryOptions = (code: string) =>
  queryOptions({
    queryKey: queryKeys.coupon(code),
    queryFn: ({ signal }) => getCouponDiscounts(code, signal),
    staleTime: 5 * 60_000,
  });

export const isUnknownCoupon = (error: unknown) => hasErrorCode(error, ERROR_CODES.not_found);

/** The discounts of every entered code, merged by product, and each code's state. */
export function useCouponDiscounts(codes: readonly string[]) {
  const results = useQueries({ queries: codes.map((code) => couponQueryOptions(code)) });
  const byProduct = useMemo(() => {
    const map = new Map<string, ProductDiscount>();
    for (const r of results) for (const d of r.data ?? []) map.set(d.product_id, d);
    return map;
    // useQueries returns a new array each render; the data objects themselves are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results.map((r) => r.dataUpdatedAt).join()]);
  const states = codes.map((code, i) => ({
    code,
    pending: results[i]?.isPending ?? true,
    invalid: isUnknownCoupon(results[i]?.error),
    error: results[i]?.error ?? null,
    products: (results[i]?.data ?? []).map((d) => d.product_id),
  }));
  return { byProduct, states };
}
