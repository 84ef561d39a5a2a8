import { queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { MAX_DISCOUNT_PRODUCTS } from '#shared/discounts.ts';
import type { Product, ProductDiscount } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { discountsByProduct, shelfPrice, type ShelfPrice } from '../lib/product-pricing.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/product-discounts?products=a,b — the live discounts of the products on screen, coupon codes
 * hidden (ADR 0041). The whole list is far too big to load (every live discount of the catalogue), so a
 * page asks only for what it shows, at most MAX_DISCOUNT_PRODUCTS ids a request (longer lists go in
 * chunks). A failure means "no discount" (ADR 0066): each answer is kept for the visit (refreshed after
 * half an hour), and an error reads as an empty list. The server prices orders itself, so a stale or
 * missing discount here can only make a shelf price look higher than what the buyer pays, never lower.
 */
export async function getDiscounts(
  productIds: readonly string[],
  signal?: AbortSignal,
): Promise<ProductDiscount[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < productIds.length; i += MAX_DISCOUNT_PRODUCTS)
    chunks.push(productIds.slice(i, i + MAX_DISCOUNT_PRODUCTS));
  const answers = await Promise.all(
    chunks.map(async (chunk) => {
      try {
        const products = chunk.map(encodeURIComponent).join(',');
        return await api.get<ProductDiscount[]>(`/api/product-discounts?products=${products}`, {
          signal,
        });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        return [];
      }
    }),
  );
  return answers.flat();
}

/** The ids sorted and without repeats, so the same set of products shares one cache entry. */
export function discountIds(productIds: readonly string[]): string[] {
  return [...new Set(productIds)].sort();
}

export const discountsQueryOptions = (productIds: readonly string[]) => {
  const ids = discountIds(productIds);
  return queryOptions({
    queryKey: queryKeys.catalog.discounts(ids),
    queryFn: ({ signal }) => getDiscounts(ids, signal),
    enabled: ids.length > 0,
    staleTime: 30 * 60_000,
    gcTime: Infinity,
  });
};

const NONE: ProductDiscount[] = [];

/** The live discounts of these products (none asked for: an empty list, no request). */
export function useDiscounts(productIds: readonly string[]) {
  // The ids as one string: a new array of the same products keeps the same options.
  const key = discountIds(productIds).join(',');
  const options = useMemo(() => discountsQueryOptions(key === '' ? [] : key.split(',')), [key]);
  const query = useQuery(options);
  const data = options.enabled ? query.data : NONE;
  const byProduct = useMemo(() => discountsByProduct(data ?? []), [data]);
  return { ...query, isPending: options.enabled ? query.isPending : false, byProduct };
}

/**
 * Prices products for display with the live discounts of `productIds` (the products on screen; coupon
 * discounts show as "coupon available").
 */
export function useShelfPrice(
  productIds: readonly string[],
): (product: Pick<Product, '_id' | 'price'>) => ShelfPrice {
  const { byProduct } = useDiscounts(productIds);
  return useCallback(
    (product) => shelfPrice(product.price, byProduct.get(product._id), { now: Date.now() }),
    [byProduct],
  );
}
