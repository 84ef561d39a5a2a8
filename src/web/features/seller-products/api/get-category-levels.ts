import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/**
 * The five category levels for the cascading selects (docs/product/api.md /api/category/firstlevel … /fifthlevel).
 * Each level is asked for by its parent, then its grandparent, as the API takes them.
 */
const enc = encodeURIComponent;

export type LevelPath = [string, string, string, string, string];

/** The URL of the names of level `index` (0 = first) under the chosen `path`, or null until its parents are chosen. */
export function levelUrl(index: number, [l1, l2, l3, l4]: LevelPath): string | null {
  switch (index) {
    case 0:
      return '/api/category/firstlevel';
    case 1:
      return l1 ? `/api/category/secondlevel/${enc(l1)}` : null;
    case 2:
      return l1 && l2 ? `/api/category/thirdlevel/${enc(l2)}/${enc(l1)}` : null;
    case 3:
      return l2 && l3 ? `/api/category/fourthlevel/${enc(l3)}/${enc(l2)}` : null;
    case 4:
      return l3 && l4 ? `/api/category/fifthlevel/${enc(l4)}/${enc(l3)}` : null;
    default:
      return null;
  }
}

export const categoryLevelQuery = (index: number, path: LevelPath) => {
  const url = levelUrl(index, path);
  return queryOptions({
    queryKey: queryKeys.categories.level(String(index), ...path.slice(0, index)),
    queryFn: ({ signal }) => api.get<string[]>(url ?? '', { signal }),
    enabled: url !== null,
    staleTime: 60 * 60_000,
  });
};

export const useCategoryLevel = (index: number, path: LevelPath) => useQuery(categoryLevelQuery(index, path));

/** GET /api/category/getcategoryid/?category=&subCategory=&… — the id of a complete path. */
export function getCategoryId(path: LevelPath, signal?: AbortSignal) {
  const names = ['category', 'subCategory', 'levelThreeCategory', 'levelFourCategory', 'levelFiveCategory'];
  const query = new URLSearchParams();
  path.forEach((value, i) => {
    if (value) query.set(names[i] ?? '', value);
  });
  return api.get<{ categoryId: string }>(`/api/category/getcategoryid/?${query.toString()}`, { signal });
}

export const categoryIdQuery = (path: LevelPath, complete: boolean) =>
  queryOptions({
    queryKey: queryKeys.categories.id(path),
    queryFn: ({ signal }) => getCategoryId(path, signal),
    enabled: complete,
    staleTime: 60 * 60_000,
  });

export const useCategoryId = (path: LevelPath, complete: boolean) =>
  useQuery(categoryIdQuery(path, complete));
