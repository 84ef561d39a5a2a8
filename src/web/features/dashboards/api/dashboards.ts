import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SellerDashboard, SellerOnboarding } from '#shared/schemas/dashboard.ts';
import type { UserList } from '#shared/schemas/user.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/seller/dashboard: the signed-in seller's counts and last 30 days. */
export const getSellerDashboard = (signal?: AbortSignal) =>
  api.get<SellerDashboard>('/api/seller/dashboard', { signal });

export const useSellerDashboard = () =>
  useQuery({ queryKey: queryKeys.sellerDashboard, queryFn: ({ signal }) => getSellerDashboard(signal) });

/** GET /api/seller/onboarding: the signed-in seller's first steps (ADR 0134). */
export const getSellerOnboarding = (signal?: AbortSignal) =>
  api.get<SellerOnboarding>('/api/seller/onboarding', { signal });

export const useSellerOnboarding = () =>
  useQuery({
    queryKey: queryKeys.productManagement.sellerOnboarding,
    queryFn: ({ signal }) => getSellerOnboarding(signal),
    // Shop images and the bank account change on the profile: look again whenever the dashboard opens.
    staleTime: 0,
  });

/** GET /api/admin/sellers/pending: seller accounts awaiting approval, oldest first (Admin, Auditor). */
export const getPendingSellers = (page: number, signal?: AbortSignal) =>
  api.get<UserList>(`/api/admin/sellers/pending?pageNumber=${page}`, { signal });

export const usePendingSellers = (page: number) =>
  useQuery({
    queryKey: queryKeys.pendingSellers(page),
    queryFn: ({ signal }) => getPendingSellers(page, signal),
    placeholderData: keepPreviousData,
  });
