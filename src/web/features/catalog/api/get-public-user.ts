import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { publicUserSchema } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

type PublicUser = z.infer<typeof publicUserSchema>;

/** GET /api/users/public/:id — a user's public name (the seller on a product page). */
export const publicUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.publicUser(id),
    queryFn: ({ signal }) => api.get<PublicUser>(`/api/users/public/${encodeURIComponent(id)}`, { signal }),
    staleTime: 10 * 60_000,
  });

export const usePublicUser = (id: string | undefined) =>
  useQuery({ ...publicUserQueryOptions(id ?? ''), enabled: !!id });
