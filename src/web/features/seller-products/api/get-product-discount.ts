import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDiscount } from '#shared/schemas/product.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { api, hasErrorCode } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/product-discounts/:product_id — the product's discount with its coupon code, or null when it
 * has none (docs/product/messages.md: the discount panel hides 'Discount not found').
 */
export async function getProductDiscount(
  productId: string,
  signal?: AbortSignal,
): Promise<ProductDiscount | null> {
  try {
    return await api.get<ProductDiscount>(`/api/product-discounts/${encodeURIComponent(productId)}`, {
      signal,
    });
  } catch (error) {
    // 404 is 'Discount not found' here: the form asks only for a product it has loaded (an unknown or
    // foreign product fails that query first, and the page says so).
    if (hasErrorCode(error, ERROR_CODES.not_found)) return null;
    throw error;
  }
}

export const productDiscountQuery = (productId: string) =>
  queryOptions({
    queryKey: queryKeys.productManagement.discount(productId),
    queryFn: ({ signal }) => getProductDiscount(productId, signal),
    staleTime: Infinity,
  });

export const useProductDiscount = (productId: string) => useQuery(productDiscountQuery(productId));
