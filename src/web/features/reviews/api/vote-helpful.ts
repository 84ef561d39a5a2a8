import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Helpful } from '#shared/schemas/review.ts';
import { api } from '#web/lib/api-client.ts';
import { invalidateReviews } from './invalidate.ts';

/** POST (vote) / DELETE (take back) /api/reviews/:id/helpful — answers the new count. */
export const voteHelpful = (reviewId: string, on: boolean) => {
  const path = `/api/reviews/${encodeURIComponent(reviewId)}/helpful`;
  return on ? api.post<Helpful>(path) : api.delete<Helpful>(path);
};

export function useVoteHelpful(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, on }: { reviewId: string; on: boolean }) => voteHelpful(reviewId, on),
    onSuccess: () => invalidateReviews(queryClient, productId, false),
  });
}
