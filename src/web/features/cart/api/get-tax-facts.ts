import { useQuery } from '@tanstack/react-query';
import type { GstRateRule } from '#shared/gst-rates.ts';
import type { ProductTaxFact } from '#shared/pricing.ts';
import type { TaxFact } from '#shared/schemas/gst.ts';
import type { GstRateRuleWire } from '#shared/schemas/gst.ts';
import { api } from '#web/lib/api-client.ts';
import { queryKeys } from '#web/lib/query-keys.ts';

type TaxFactsWire = { products: TaxFact[]; rules: GstRateRuleWire[] };

/** GET /api/gst/tax-facts?products=a,b: each product's HSN, category rate and seller's state, and the dated GST rules. */
export const getTaxFacts = (products: readonly string[], signal?: AbortSignal) =>
  api.get<TaxFactsWire>(`/api/gst/tax-facts?products=${products.map(encodeURIComponent).join(',')}`, {
    signal,
  });

export type TaxFacts = {
  facts: ReadonlyMap<string, ProductTaxFact>;
  /** undefined until loaded: the preview then uses the shipped rules. */
  rules: readonly GstRateRule[] | undefined;
  isPending: boolean;
  error: unknown;
};

/**
 * What the cart preview needs to price and split GST like the server (docs/product/pricing-and-tax.md):
 * the facts by product id and the rate rules. Pending only while there are products to ask about.
 */
export function useTaxFacts(productIds: readonly string[]): TaxFacts {
  const ids = [...new Set(productIds)].sort();
  const query = useQuery({
    queryKey: queryKeys.gstTaxFacts(ids),
    queryFn: ({ signal }) => getTaxFacts(ids, signal),
    enabled: ids.length > 0,
    staleTime: 10 * 60_000,
    select: (data) => ({
      facts: new Map(data.products.map((f) => [f.product, f] as const)),
      rules: data.rules,
    }),
  });
  return {
    facts: query.data?.facts ?? new Map<string, ProductTaxFact>(),
    rules: query.data?.rules,
    isPending: ids.length > 0 && query.isPending,
    error: query.error,
  };
}
