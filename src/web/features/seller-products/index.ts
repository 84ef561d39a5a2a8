/** Product management pieces the admin's product list and the shop settings reuse. */
export { uploadShopImage, type ShopImageKind } from './api/upload-shop-image.ts';
export { ProductTable } from './components/product-table.tsx';
