/**
 * Query keys of the storefront catalogue. Public data, the same for every visitor, so nothing here sits
 * under `queryKeys.private` (#web/lib/query-keys.ts).
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  products: (keyword: string, page: number) => ['catalog', 'products', { keyword, page }] as const,
  top: ['catalog', 'top'] as const,
  product: (id: string) => ['catalog', 'product', id] as const,
  discounts: ['catalog', 'discounts'] as const,
  firstLevel: ['catalog', 'categories', 'first'] as const,
  secondLevel: (first: string) => ['catalog', 'categories', 'second', first] as const,
  categoryIds: (name: string) => ['catalog', 'categories', 'ids', name] as const,
  categoryProducts: (ids: readonly string[], page: number) =>
    ['catalog', 'categories', 'products', { ids, page }] as const,
  shop: (name: string) => ['catalog', 'shop', name] as const,
  shopProducts: (name: string, page: number) => ['catalog', 'shop', name, 'products', page] as const,
  publicUser: (id: string) => ['catalog', 'public-user', id] as const,
};
