/** GET /api/product-imports/export.csv — a plain link: the browser downloads it with the session cookie. */
export const EXPORT_CSV_URL = '/api/product-imports/export.csv';
