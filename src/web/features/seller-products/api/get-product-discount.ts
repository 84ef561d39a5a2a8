import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDiscount } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/product-discounts/:product_id?absent=null — the product's discount with its coupon code, or
 * null when it has none.
 */
export async function getProductDiscount(
  productId: string,
  signal?: AbortSignal,
): Promise<ProductDiscount | null> {
  // absent=null: no discount is null, not a 404 the browser would log as a failed request. The form asks
  // only for a product it has loaded (an unknown or foreign product fails that query first).
  return api.get<ProductDiscount | null>(
    `/api/product-discounts/${encodeURIComponent(productId)}?absent=null`,
    { signal },
  );
}

export const productDiscountQuery = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.productManagement.discount(productId),
    queryFn: ({ signal }) => getProductDiscount(productId, signal),
    staleTime: Infinity,
  });

export const useProductDiscount = (productId: string) => useQuery(productDiscountQuery(productId));
