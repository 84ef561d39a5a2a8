import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { invalidateProducts } from '#web/lib/query-keys.ts';

/** PUT /api/products/:id/toggle — Active ⇄ Inactive. */
export const toggleProduct = (id: string) =>
  api.put<{ _id: string; status: boolean }>(`/api/products/${encodeURIComponent(id)}/toggle`);

export function useToggleProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleProduct,
    // Product tables, the storefront lists and the product page all change.
    onSuccess: () => invalidateProducts(queryClient),
  });
}
