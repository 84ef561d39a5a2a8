import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewBody } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /api/products/:id/reviews — 201, or 409 'Product already reviewed', 401 for guests. */
export const createReview = (productId: string, body: ReviewBody) =>
  api.post<{ message: string }>(`/api/products/${encodeURIComponent(productId)}/reviews`, body);

/** Posting refreshes the product (its reviews and new average) and the lists that show ratings. */
export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => createReview(productId, body),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.catalog.product(productId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalog.top }),
        queryClient.invalidateQueries({ queryKey: queryKeys.catalog.productLists }),
      ]);
    },
  });
}
