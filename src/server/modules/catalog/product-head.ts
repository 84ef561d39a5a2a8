import { discountedUnitPrice } from '#shared/discounts.ts';
import { parseMoney, toWireNumber } from '#shared/money.ts';
import { metaDescription, productJsonLd, scriptJson } from '#shared/product-seo.ts';
import type { Ctx } from '../../lib/types.ts';
import { listLiveDiscounts } from './discount.service.ts';
import { getProduct } from './product.service.ts';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The <head> tags of a product page, rendered by the server into index.html (docs/product/quality.md#accessibility), so link
 * previews and crawlers that run no JavaScript still see the title, description, Open Graph tags and
 * schema.org Product data. The React page renders the same tags; it drops these (`data-ssr`) on start.
 * Null for an unknown or inactive product (the page then shows its own 404).
 */
export async function productHeadHtml(ctx: Ctx, id: string, origin: string): Promise<string | null> {
  const product = await getProduct({ ...ctx, actor: null }, id).catch(() => null);
  if (!product) return null;
  const [discount] = await listLiveDiscounts(ctx, [product._id]);
  const price = discountedUnitPrice(parseMoney(product.price, 2), discount, {
    now: new Date(),
    couponCodes: [],
  });
  const finalPrice = toWireNumber(price.unitPrice, 2);
  const description = metaDescription(product.description);
  const url = `${origin}/product/${product._id}`;
  const image = product.image[0] ? new URL(product.image[0], origin).href : undefined;
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta data-ssr ${attr}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<title data-ssr>${escapeHtml(`${product.name} · Haat`)}</title>`,
    meta('name', 'description', description),
    `<link data-ssr rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:title', product.name),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:site_name', 'Haat'),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('property', 'product:price:amount', finalPrice.toFixed(2)),
    meta('property', 'product:price:currency', product.currency),
    `<script data-ssr type="application/ld+json">${scriptJson(productJsonLd(product, { origin, finalPrice }))}</script>`,
  ].join('\n    ');
}
