import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProductList } from '#shared/schemas/product.ts';
import type {
  CommissionRuleForm,
  CommissionRuleWire,
  commissionRuleListResponse,
  SettlementSettingsForm,
  SettlementSettingsWire,
  SettlementTotalsResponse,
} from '#shared/schemas/settlements.ts';
import type { RoleName } from '#shared/roles.ts';
import type { User } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

type RuleList = z.infer<typeof commissionRuleListResponse>;
const SELLER_ROLES: readonly RoleName[] = ['Seller-Individual', 'Seller-Company'];
const enc = encodeURIComponent;

/** GET /api/admin/settlement-totals?fy=2026-27 (Admin): the operator's books per India month. */
export const useSettlementTotals = (fy: string) =>
  useQuery({
    queryKey: queryKeys.settlements.totals(fy),
    queryFn: ({ signal }) =>
      api.get<SettlementTotalsResponse>(`/api/admin/settlement-totals?fy=${enc(fy)}`, { signal }),
  });

/** GET /api/admin/commission-rules (Admin): every rule, newest first. */
export const useCommissionRules = () =>
  useQuery({
    queryKey: queryKeys.settlements.commissionRules,
    queryFn: ({ signal }) => api.get<RuleList>('/api/admin/commission-rules', { signal }),
  });

/** POST /api/admin/commission-rules (Admin): a new dated rule; the list is read again. */
export function useAddCommissionRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommissionRuleForm) =>
      api.post<CommissionRuleWire>('/api/admin/commission-rules', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlements.commissionRules }),
  });
}

/** PUT /api/admin/commission-rules/:id/end {effectiveTo} (Admin): the rule's last day. */
export function useEndCommissionRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, effectiveTo }: { id: string; effectiveTo: string }) =>
      api.put<CommissionRuleWire>(`/api/admin/commission-rules/${enc(id)}/end`, { effectiveTo }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.settlements.commissionRules }),
  });
}

/** GET /api/admin/settlement-settings (Admin). */
export const useSettlementSettings = () =>
  useQuery({
    queryKey: queryKeys.settlements.settings,
    queryFn: ({ signal }) => api.get<SettlementSettingsWire>('/api/admin/settlement-settings', { signal }),
  });

/** PUT /api/admin/settlement-settings (Admin): the saved settings replace the cached ones. */
export function useSaveSettlementSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettlementSettingsForm) =>
      api.put<SettlementSettingsWire>('/api/admin/settlement-settings', body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.settlements.settings, saved),
  });
}

/** GET /api/users/role/:role (Admin) for both seller roles: every seller account, for the rule form. */
export const useSellers = () =>
  useQuery({
    queryKey: queryKeys.settlements.sellers,
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        SELLER_ROLES.map((role) => api.get<User[]>(`/api/users/role/${role}`, { signal })),
      );
      return [...new Map(lists.flat().map((u) => [u._id, u])).values()];
    },
    staleTime: 60_000,
  });

/** GET /api/products?keyword= (the catalogue search): the first page of matches, for the product choice. */
export const useProductSearch = (keyword: string) =>
  useQuery({
    queryKey: queryKeys.catalog.products(keyword, 1),
    queryFn: ({ signal }) =>
      api.get<ProductList>(`/api/products?pageNumber=1&keyword=${enc(keyword)}`, { signal }),
    enabled: keyword.trim().length >= 2,
  });
