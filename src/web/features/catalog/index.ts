/**
 * The catalogue's public face: other features (the cart, checkout) and the header use only these. The
 * router loads the pages itself, lazily.
 */
export { discountsQueryOptions, useDiscounts, useShelfPrice } from './api/get-discounts.ts';
export { productQueryOptions, useProduct } from './api/get-product.ts';
export type { ShelfPrice } from './lib/product-pricing.ts';
export { CategoryMenu } from './components/category-menu.tsx';
