import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewBody } from '#shared/schemas/product.ts';
import { REVIEW_PARTS } from '#shared/reviews.ts';
import { api } from '#web/lib/api-client.ts';
import { invalidateReviews } from './invalidate.ts';

export type NewReview = ReviewBody & { photos: readonly File[] };

/**
 * POST /api/products/:id/reviews — 201, or 409 'Product already reviewed', 401 for guests. JSON without
 * photos; with photos, multipart: the JSON in `review`, the files as `images`.
 */
export function createReview(productId: string, { photos, ...body }: NewReview) {
  const path = `/api/products/${encodeURIComponent(productId)}/reviews`;
  if (photos.length === 0) return api.post<{ message: string }>(path, body);
  const form = new FormData();
  form.append(REVIEW_PARTS.fields, JSON.stringify(body));
  for (const photo of photos) form.append(REVIEW_PARTS.files, photo, photo.name);
  return api.post<{ message: string }>(path, form);
}

/** Posting refreshes the reviews, the product (its new average) and the lists that show ratings. */
export function useCreateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: NewReview) => createReview(productId, review),
    onSuccess: () => invalidateReviews(queryClient, productId),
  });
}
