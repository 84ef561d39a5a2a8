import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayPalConfig, RazorpayConfig } from '#shared/schemas/payment.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

/** GET /api/config/razorpay — the key id (never the secret) and whether the built-in sandbox plays RazorPay. */
export const getRazorpayConfig = (signal?: AbortSignal) =>
  api.get<RazorpayConfig>('/api/config/razorpay', { signal });

/** GET /api/config/paypal — the client id and whether the built-in sandbox plays PayPal. */
export const getPayPalConfig = (signal?: AbortSignal) =>
  api.get<PayPalConfig>('/api/config/paypal', { signal });

export const razorpayConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.payments.razorpayConfig,
    queryFn: ({ signal }) => getRazorpayConfig(signal),
    staleTime: Infinity,
  });

export const paypalConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.payments.paypalConfig,
    queryFn: ({ signal }) => getPayPalConfig(signal),
    staleTime: Infinity,
  });

export const useRazorpayConfig = () => useQuery(razorpayConfigQueryOptions());
export const usePayPalConfig = () => useQuery(paypalConfigQueryOptions());
