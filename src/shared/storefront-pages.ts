/**
 * The page modules of the storefront pages the server renders (docs/decisions/0126-server-rendering.md),
 * as keys of Vite's build manifest (paths under src/web). The server maps URLs to them
 * (src/server/web/web.ts) and the build writes each one's inlined stylesheet (ADR 0139).
 */
export const STOREFRONT_PAGE_MODULES = {
  home: 'features/catalog/pages/home-page.tsx',
  search: 'features/catalog/pages/search-page.tsx',
  product: 'features/catalog/pages/product-page.tsx',
  category: 'features/catalog/pages/category-page.tsx',
  shop: 'features/catalog/pages/shop-page.tsx',
} as const;
