import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { Product, ProductDiscount } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { discountsByProduct, shelfPrice, type ShelfPrice } from '../lib/product-pricing.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/product-discounts — every live discount, coupon codes hidden (ADR 0041). The web loads them
 * once when the app starts, and a failure means "no discount" (ADR 0066): the list is kept for the visit
 * (refreshed after half an hour), and an error reads as an empty list. The server prices orders itself,
 * so a stale or missing discount here can only make a shelf price look higher than what the buyer pays,
 * never lower.
 */
export async function getDiscounts(signal?: AbortSignal): Promise<ProductDiscount[]> {
  try {
    return await api.get<ProductDiscount[]>('/api/product-discounts', { signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return [];
  }
}

export const discountsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.catalog.discounts,
    queryFn: ({ signal }) => getDiscounts(signal),
    staleTime: 30 * 60_000,
    gcTime: Infinity,
  });

export function useDiscounts() {
  const query = useQuery(discountsQueryOptions());
  const byProduct = useMemo(() => discountsByProduct(query.data ?? []), [query.data]);
  return { ...query, byProduct };
}

/** Prices products for display with the live discounts (coupon discounts show as "coupon available"). */
export function useShelfPrice(): (product: Pick<Product, '_id' | 'price'>) => ShelfPrice {
  const { byProduct } = useDiscounts();
  return useCallback(
    (product) => shelfPrice(product.price, byProduct.get(product._id), { now: Date.now() }),
    [byProduct],
  );
}
