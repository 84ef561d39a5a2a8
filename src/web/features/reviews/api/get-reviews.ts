import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReviewPage, ReviewSort } from '#shared/schemas/review.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * GET /api/products/:id/reviews?sort=&pageNumber= — 10 a page; `mine` is the caller's own review (the
 * form turns into "Edit your review"); Admin also gets hidden reviews, marked.
 */
export const getReviews = (productId: string, sort: ReviewSort, page: number, signal?: AbortSignal) =>
  api.get<ReviewPage>(
    `/api/products/${encodeURIComponent(productId)}/reviews?sort=${sort}&pageNumber=${String(page)}`,
    { signal },
  );

export const reviewsQueryOptions = (productId: string, sort: ReviewSort, page: number) =>
  queryOptions({
    queryKey: queryKeys.reviews.page(productId, sort, page),
    queryFn: ({ signal }) => getReviews(productId, sort, page, signal),
    placeholderData: keepPreviousData,
  });

export const useReviews = (productId: string, sort: ReviewSort, page: number) =>
  useQuery(reviewsQueryOptions(productId, sort, page));
