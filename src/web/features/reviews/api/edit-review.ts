import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REVIEW_PARTS } from '#shared/reviews.ts';
import type { ReviewEditBody, ReviewItem } from '#shared/schemas/review.ts';
import { api } from '#web/lib/api-client.ts';
import { invalidateReviews } from './invalidate.ts';

export type ReviewEdit = ReviewEditBody & { photos: readonly File[] };

/** PUT /api/reviews/:id — the author's edit: rating, comment, photos kept (`images`) and new photos. */
export function editReview(reviewId: string, { photos, ...body }: ReviewEdit) {
  const path = `/api/reviews/${encodeURIComponent(reviewId)}`;
  if (photos.length === 0) return api.put<ReviewItem>(path, body);
  const form = new FormData();
  form.append(REVIEW_PARTS.fields, JSON.stringify(body));
  for (const photo of photos) form.append(REVIEW_PARTS.files, photo, photo.name);
  return api.put<ReviewItem>(path, form);
}

export function useEditReview(productId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: ReviewEdit) => editReview(reviewId, edit),
    onSuccess: () => invalidateReviews(queryClient, productId),
  });
}

/** DELETE /api/reviews/:id — the author deletes their review (and may then write a new one). */
export const deleteReview = (reviewId: string) =>
  api.delete<{ message: string }>(`/api/reviews/${encodeURIComponent(reviewId)}`);

export function useDeleteReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewId: string) => deleteReview(reviewId),
    onSuccess: () => invalidateReviews(queryClient, productId),
  });
}
