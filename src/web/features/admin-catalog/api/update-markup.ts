import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CategoryMarkup, MarkupBody } from '#shared/schemas/category.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** PUT /api/category/categories-markup/:id (Admin only). */
export const updateMarkup = ({ id, body }: { id: string; body: MarkupBody }) =>
  api.put<CategoryMarkup>(`/api/category/categories-markup/${encodeURIComponent(id)}`, body);

export function useUpdateMarkup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMarkup,
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.productManagement.all });
      queryClient.setQueryData(queryKeys.productManagement.markup(saved._id), saved);
    },
  });
}
