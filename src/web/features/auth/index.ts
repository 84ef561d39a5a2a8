/** The auth feature's public face: what the app layer needs (the header's sign-out). */
export { useLogout } from './api/logout.ts';
