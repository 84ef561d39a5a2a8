/** The auth feature's public face: what the app layer needs (the header's sign-out). */
export { useLogout } from './api/logout.ts';
/** The identity proof types in the page's language (the admin's user list shows them too). */
export { proofLabels } from './lib/document-problem.ts';
