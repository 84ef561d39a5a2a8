import { useQueries } from '@tanstack/react-query';
import type { Product } from '#shared/schemas/product.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { productQueryOptions } from '#web/features/catalog/index.ts';
import { hasErrorCode } from '#web/lib/api-client.ts';

export type CartProduct =
  | { state: 'checking' }
  | { state: 'found'; product: Product }
  | { state: 'gone' }
  | { state: 'unknown'; error: unknown };

/**
 * GET /api/products/:id for every cart line, to re-price a stored cart (the cart holds a handful of lines,
 * and the product page may already have them cached). 404 means gone or no longer sold.
 */
export function useCartProducts(ids: readonly string[]): CartProduct[] {
  const results = useQueries({
    queries: ids.map((id) => ({
      ...productQueryOptions(id),
      staleTime: 0,
      refetchOnMount: 'always' as const,
    })),
  });
  return results.map((r): CartProduct => {
    if (r.isError && hasErrorCode(r.error, ERROR_CODES.not_found)) return { state: 'gone' };
    if (r.data) return { state: 'found', product: r.data };
    if (r.isError) return { state: 'unknown', error: r.error };
    return { state: 'checking' };
  });
}
