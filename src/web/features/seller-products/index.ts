/** Product management pieces the admin's product list, the shop settings and the shipment queue reuse. */
export { uploadShopImage, type ShopImageKind } from './api/upload-shop-image.ts';
export { ProductTable } from './components/product-table.tsx';
export { ConfirmDialog } from './components/confirm-dialog.tsx';
