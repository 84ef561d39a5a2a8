import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  GstRateChangeForm,
  GstSettings,
  gstRatesResponse,
  gstSettingsSchema,
  taxDocumentListResponse,
  TaxDocumentKind,
} from '#shared/schemas/gst.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

type RatesResponse = z.infer<typeof gstRatesResponse>;
type DocumentList = z.infer<typeof taxDocumentListResponse>;
export type SettingsBody = z.input<typeof gstSettingsSchema>;

/** '' = every kind. */
export type KindFilter = TaxDocumentKind | '';
export type Gstr1Section = 'b2b' | 'b2cs' | 'hsn' | 'cdnr';

const enc = encodeURIComponent;

/** GET /api/gst/rates (public): every rule, past, present and future. */
export const useGstRates = () =>
  useQuery({
    queryKey: queryKeys.gst.rates,
    queryFn: ({ signal }) => api.get<RatesResponse>('/api/gst/rates', { signal }),
  });

/** POST /api/admin/gst-rates (Admin): a dated change; the table is read again afterwards. */
export function useAddGstRateChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GstRateChangeForm) => api.post<RatesResponse>('/api/admin/gst-rates', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['gst'] }),
  });
}

/** GET /api/admin/gst-settings (Admin). */
export const useGstSettings = () =>
  useQuery({
    queryKey: queryKeys.gst.settings,
    queryFn: ({ signal }) => api.get<GstSettings>('/api/admin/gst-settings', { signal }),
  });

/** PUT /api/admin/gst-settings (Admin). */
export function useSaveGstSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) => api.put<GstSettings>('/api/admin/gst-settings', body),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.gst.settings, saved),
  });
}

const listQuery = (params: Record<string, string>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  return q.toString();
};

/** GET /api/seller/tax-documents?month=&kind= (the signed-in seller's own). */
export const useSellerTaxDocuments = (month: string, kind: KindFilter) =>
  useQuery({
    queryKey: queryKeys.gst.sellerDocuments(month, kind),
    queryFn: ({ signal }) =>
      api.get<DocumentList>(`/api/seller/tax-documents?${listQuery({ month, kind })}`, { signal }),
  });

/** GET /api/tax-documents?month=&seller=&kind= (Admin: every seller's). */
export const useAllTaxDocuments = (month: string, seller: string, kind: KindFilter) =>
  useQuery({
    queryKey: queryKeys.gst.allDocuments(month, seller, kind),
    queryFn: ({ signal }) =>
      api.get<DocumentList>(`/api/tax-documents?${listQuery({ month, seller, kind })}`, { signal }),
  });

/** POST /api/admin/commission-invoices {month} (Admin): issued, or the ones already there. */
export function useIssueCommissionInvoices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => api.post<DocumentList>('/api/admin/commission-invoices', { month }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.gst.documents }),
  });
}

/** Plain links: the browser downloads them with the session cookie. */
export const taxDocumentPdfUrl = (id: string) => `/api/tax-documents/${enc(id)}/pdf`;
export const gstr1Url = (month: string, section: Gstr1Section, seller?: string) =>
  `/api/gst/gstr1?${listQuery({ month, section, seller: seller ?? '' })}`;
export const gstr8Url = (month: string) => `/api/admin/gstr8?${listQuery({ month })}`;
