import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * Query keys of product management. Everything that depends on who is signed in sits under
 * `queryKeys.private`, so it is dropped when the session changes.
 */
export const productAdminKeys = {
  all: [...queryKeys.private, 'product-management'] as const,
  sellerList: (userId: string, page: number) =>
    [...queryKeys.private, 'product-management', 'seller', userId, page] as const,
  adminList: (page: number) => [...queryKeys.private, 'product-management', 'admin', page] as const,
  product: (id: string) => [...queryKeys.private, 'product-management', 'product', id] as const,
  discount: (id: string) => [...queryKeys.private, 'product-management', 'discount', id] as const,
  markups: [...queryKeys.private, 'product-management', 'markups'] as const,
  markup: (id: string) => [...queryKeys.private, 'product-management', 'markup', id] as const,
  markupByName: (name: string) => [...queryKeys.private, 'product-management', 'markup-name', name] as const,
};

/** Category levels are public and change rarely. */
export const categoryLevelKeys = {
  level: (...path: string[]) => ['category-levels', ...path] as const,
  id: (path: readonly string[]) => ['category-id', ...path] as const,
};
