import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { invalidateProducts } from '#web/lib/query-keys.ts';

/** DELETE /api/products/:id (Admin only). */
export const deleteProduct = (id: string) =>
  api.delete<{ message: string }>(`/api/products/${encodeURIComponent(id)}`);

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduct, onSuccess: () => invalidateProducts(queryClient) });
}
