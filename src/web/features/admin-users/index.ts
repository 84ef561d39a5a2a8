/**
 * The router (#web/app/router.tsx) loads this feature's pages lazily. The seller approval queue
 * (features/dashboards) reuses the document links and the user update that activates a seller.
 */
export { useUpdateUser } from './api/users.ts';
export { DocumentLinks } from './components/document-links.tsx';
