/**
 * Nothing of this feature is used by another one: the router (#web/app/router.tsx) loads its pages
 * lazily. Add an export here, and only here, when another feature needs something.
 */
export {};
