import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * A review was written, edited, deleted, hidden or shown again: refetch the product's reviews, the
 * product (its average, counts and embedded reviews) and the lists that show ratings. A vote changes
 * only the reviews (`ratings: false`).
 */
export function invalidateReviews(queryClient: QueryClient, productId: string, ratings = true) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.reviews.of(productId) }),
    ...(ratings
      ? [
          queryClient.invalidateQueries({ queryKey: queryKeys.catalog.product(productId) }),
          queryClient.invalidateQueries({ queryKey: queryKeys.catalog.top }),
          queryClient.invalidateQueries({ queryKey: queryKeys.catalog.productLists }),
        ]
      : []),
  ]);
}
