/** Bulk listing (docs/product/bulk-listing.md): what other features link to. */
export const BULK_UPLOAD_PATH = '/seller/bulk-upload';
