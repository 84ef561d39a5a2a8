import type { FastifyRequest } from 'fastify';
import { catalogTag, CATEGORIES, DISCOUNTS, LISTS } from '../db/catalog-invalidation.ts';
import {
  categoryListTags,
  discountsTags,
  productDetailTags,
  productListTags,
  shopListTags,
  shopTags,
} from '../plugins/catalog-cache-tags.ts';

/**
 * The catalogue cache tags of a server-rendered page (ADR 0124, ADR 0126): the tags of every API answer it
 * was rendered from, worked out with the same taggers the JSON routes use, so a write that drops the JSON
 * drops the page too. `url` is what the page asked for ('/api/products?pageNumber=1'), `body` its answer.
 */
export function apiAnswerTags(url: string, body: unknown): readonly string[] {
  const at = new URL(url, 'http://page.invalid');
  const p = at.pathname;
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(at.searchParams.keys())) {
    const all = at.searchParams.getAll(key);
    query[key] = key === 'categoryIDs' ? all : (all[0] ?? '');
  }
  const req = (params: Record<string, string> = {}) => ({ query, params }) as unknown as FastifyRequest;
  let m: RegExpExecArray | null;

  if (p === '/api/products' || p === '/api/products/top') return productListTags(req(), body);
  if (p === '/api/products/category') return categoryListTags(req(), body);
  if ((m = /^\/api\/products\/([^/]+)\/reviews$/.exec(p))) return [catalogTag.product(dec(m[1]))];
  if ((m = /^\/api\/products\/([^/]+)$/.exec(p))) return productDetailTags(req({ id: dec(m[1]) }), body);
  if (p.startsWith('/api/shops/products/')) return shopListTags(req(), body);
  if (p.startsWith('/api/shops/name/')) return shopTags(req(), body);
  if (p.startsWith('/api/category/')) return [CATEGORIES];
  if (p === '/api/product-discounts') return discountsTags(req(), body);
  if (p.startsWith('/api/product-discounts')) return [DISCOUNTS];
  // The seller line of a product page: the seller's name.
  if ((m = /^\/api\/users\/public\/([^/]+)$/.exec(p))) return [catalogTag.seller(dec(m[1]))];
  return [];
}

/** Every page shows the header's category menu and live discounts; unknown answers count as `lists`. */
export const PAGE_BASE_TAGS = [CATEGORIES, DISCOUNTS] as const;
export const FALLBACK_TAGS = [LISTS, CATEGORIES, DISCOUNTS] as const;

function dec(s: string | undefined): string {
  try {
    return decodeURIComponent(s ?? '');
  } catch {
    return s ?? '';
  }
}
