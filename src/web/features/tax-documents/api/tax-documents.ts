import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TaxDocument, taxDocumentListResponse } from '#shared/schemas/gst.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

export type TaxDocumentList = z.infer<typeof taxDocumentListResponse>;

/** GET /api/orders/:id/tax-documents: the order's invoices and credit notes the caller may see. */
export const getOrderTaxDocuments = (orderId: string, signal?: AbortSignal) =>
  api.get<TaxDocumentList>(`/api/orders/${encodeURIComponent(orderId)}/tax-documents`, { signal });

export const useOrderTaxDocuments = (orderId: string) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.taxDocuments.ofOrder(orderId),
      queryFn: ({ signal }) => getOrderTaxDocuments(orderId, signal),
    }),
  );

/** GET /api/tax-documents/:id: one issued document (frozen), its JSON form. */
export const getTaxDocument = (id: string, signal?: AbortSignal) =>
  api.get<TaxDocument>(`/api/tax-documents/${encodeURIComponent(id)}`, { signal });

export const useTaxDocument = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.taxDocuments.detail(id),
      queryFn: ({ signal }) => getTaxDocument(id, signal),
      // An issued document never changes.
      staleTime: Infinity,
    }),
  );

/** The document's PDF (attachment), read with the session cookie like every other API call. */
export const taxDocumentPdfUrl = (id: string) => `/api/tax-documents/${encodeURIComponent(id)}/pdf`;

/** The page that shows one document like the printed invoice. */
export const taxDocumentPath = (id: string) => `/tax-documents/${encodeURIComponent(id)}`;
