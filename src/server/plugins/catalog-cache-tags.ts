import type { FastifyRequest } from 'fastify';
import { catalogTag, CATEGORIES, DISCOUNTS, LISTS } from '../db/catalog-invalidation.ts';

/**
 * The tags of the cached catalogue routes (route `config.catalogCache`, plugins/micro-cache.ts, ADR 0124).
 * A list answer is tagged with every product it shows (an edit, a price, a deactivation drops it, deep
 * pages and searches too); its first page also with `lists` (a new or removed product changes what the
 * first pages hold; deeper pages catch up within the time to live).
 */
type Tagger = (req: FastifyRequest, body?: unknown) => readonly string[];

type ListBody = { products?: { _id: string; user?: { _id: string } }[] };

function firstPage(req: FastifyRequest): boolean {
  const page = (req.query as { pageNumber?: unknown } | undefined)?.pageNumber;
  return page === undefined || Number(page) <= 1;
}

function productsOf(body: unknown): string[] {
  const products = Array.isArray(body) ? body : (body as ListBody | undefined)?.products;
  return Array.isArray(products) ? products.map((p: { _id: string }) => catalogTag.product(p._id)) : [];
}

/** The storefront lists (home, search, top): the products shown, and `lists` on the first page. */
export const productListTags: Tagger = (req, body) => [
  ...(firstPage(req) ? [LISTS] : []),
  ...productsOf(body),
];

/** A category page: as a list, and each category asked for. */
export const categoryListTags: Tagger = (req, body) => {
  const ids = (req.query as { categoryIDs?: string[] } | undefined)?.categoryIDs ?? [];
  return [...productListTags(req, body), ...ids.map(catalogTag.category)];
};

/** A shop's product page: as a list, and the shop (known from its products). */
export const shopListTags: Tagger = (req, body) => {
  const seller = (body as ListBody | undefined)?.products?.[0]?.user?._id;
  return [...productListTags(req, body), ...(seller ? [catalogTag.shop(seller)] : [])];
};

/** A shop's public record: its seller's tag (a rename, a new picture, a deactivation drop it). */
export const shopTags: Tagger = (_req, body) => {
  const seller = (body as { user?: { _id: string } } | undefined)?.user?._id;
  return seller ? [catalogTag.shop(seller)] : [LISTS];
};

/** A product's detail: the product, and its seller (shop and seller names, size charts). */
export const productDetailTags: Tagger = (req, body) => {
  const { id } = req.params as { id: string };
  const seller = (body as { user?: { _id: string } } | undefined)?.user?._id;
  return [catalogTag.product(id), ...(seller ? [catalogTag.seller(seller)] : [])];
};

/** A product's markup. */
export const productIdTags: Tagger = (req) => [catalogTag.product((req.params as { id: string }).id)];

export const listsTags: Tagger = () => [LISTS];
export const categoriesTags: Tagger = () => [CATEGORIES];
/**
 * Live discounts: `discounts`, and with `products=a,b` each product asked for (parsed by the route's
 * schema into a list, or still the raw comma-separated string when a page works out its tags).
 */
export const discountsTags: Tagger = (req) => {
  const raw = (req.query as { products?: string | string[] } | undefined)?.products ?? [];
  const ids = (Array.isArray(raw) ? raw : [raw])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return [DISCOUNTS, ...new Set(ids.map(catalogTag.product))];
};
