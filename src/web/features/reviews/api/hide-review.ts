import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewItem } from '#shared/schemas/review.ts';
import { api } from '#web/lib/api-client.ts';
import { invalidateReviews } from './invalidate.ts';

/** PUT /api/reviews/:id/hide { reason } and /unhide (Admin). */
export const hideReview = (reviewId: string, reason: string | null) =>
  reason === null
    ? api.put<ReviewItem>(`/api/reviews/${encodeURIComponent(reviewId)}/unhide`)
    : api.put<ReviewItem>(`/api/reviews/${encodeURIComponent(reviewId)}/hide`, { reason });

export function useHideReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, reason }: { reviewId: string; reason: string | null }) =>
      hideReview(reviewId, reason),
    onSuccess: () => invalidateReviews(queryClient, productId),
  });
}
