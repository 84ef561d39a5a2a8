import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductList, PublicShop } from '#shared/schemas/product.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/shops/name/:shopName — a shop's public profile (hyphens in the name read as spaces). */
export const shopQueryOptions = (shopName: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.shop(shopName),
    queryFn: ({ signal }) =>
      api.get<PublicShop>(`/api/shops/name/${encodeURIComponent(shopName)}`, { signal }),
  });

/**
 * GET /api/shops/products/:shopName?pageNumber=n&…filters — the shop's active products; `filters` is the
 * filters' query string (lib/filter-params.ts filtersQuery).
 */
export const shopProductsQueryOptions = (shopName: string, pageNumber: number, filters = '') =>
  queryOptions({
    queryKey: queryKeys.catalog.shopProducts(shopName, pageNumber, filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams(filters);
      params.set('pageNumber', String(pageNumber));
      return api.get<ProductList>(
        `/api/shops/products/${encodeURIComponent(shopName)}?${params.toString()}`,
        { signal },
      );
    },
  });

export const useShop = (shopName: string) => useQuery(shopQueryOptions(shopName));

export const useShopProducts = (shopName: string, pageNumber: number, filters = '') =>
  useQuery({
    ...shopProductsQueryOptions(shopName, pageNumber, filters),
    placeholderData: keepPreviousData,
  });
