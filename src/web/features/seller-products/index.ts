/** Product management pieces the admin's product list, the shop settings, the shipment queue and the GST rate form reuse. */
export { uploadShopImage, type ShopImageKind } from './api/upload-shop-image.ts';
export { ProductTable } from './components/product-table.tsx';
export { ConfirmDialog } from './components/confirm-dialog.tsx';
export { useCategoryLevel, useCategoryId, type LevelPath } from './api/get-category-levels.ts';
