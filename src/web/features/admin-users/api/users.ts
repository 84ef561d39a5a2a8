import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignedUrlBody, SignedUrlResponse } from '#shared/schemas/seller.ts';
import type { AdminUserUpdateBody, DeleteUserResponse, Role, User, UserList } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/users (Admin, Auditor): one page of 20. */
export const getUsers = (page: number, keyword: string, signal?: AbortSignal) => {
  const q = new URLSearchParams({ pageNumber: String(page) });
  if (keyword) q.set('keyword', keyword);
  return api.get<UserList>(`/api/users?${q.toString()}`, { signal });
};

export const usersQueryOptions = (page: number, keyword: string) =>
  queryOptions({
    queryKey: queryKeys.adminUsers.list(page, keyword),
    queryFn: ({ signal }) => getUsers(page, keyword, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (page: number, keyword: string) => useQuery(usersQueryOptions(page, keyword));

/** GET /api/users/:id (Admin, Auditor). */
export const useUser = (id: string) =>
  useQuery({
    queryKey: queryKeys.adminUsers.detail(id),
    queryFn: ({ signal }) => api.get<User>(`/api/users/${encodeURIComponent(id)}`, { signal }),
  });

/** GET /api/roles: the six roles, for the Edit User form. */
export const useRoles = () =>
  useQuery({
    queryKey: queryKeys.adminUsers.roles,
    queryFn: ({ signal }) => api.get<Role[]>('/api/roles', { signal }),
    staleTime: Infinity,
  });

/** PUT /api/users/:id (Admin). Activating a seller also queues their seller-verified e-mail (server side). */
export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserUpdateBody) => api.put<User>(`/api/users/${encodeURIComponent(id)}`, body),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.adminUsers.detail(id), user);
      return queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all });
    },
  });
}

/** DELETE /api/users/:id (Admin): removed, or anonymised when the user has orders. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeleteUserResponse>(`/api/users/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers.all }),
  });
}

/** POST /api/upload/generate-presigned-url (Admin, Auditor): a link to a document, valid a few minutes. */
export const getDocumentLink = (body: SignedUrlBody) =>
  api.post<SignedUrlResponse>('/api/upload/generate-presigned-url', body);
