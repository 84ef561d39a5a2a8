/** The six roles of docs/product/api.md#resources. Names are the wire values. */
export const ROLE_NAMES = [
  'Buyer',
  'Seller-Individual',
  'Seller-Company',
  'Admin',
  'Auditor',
  'Distributor',
] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const SELLER_ROLES: readonly RoleName[] = ['Seller-Individual', 'Seller-Company'];
/** A list of roles (a user record's) includes a seller role. */
export const includesSellerRole = (roles: readonly RoleName[]): boolean =>
  roles.some((r) => SELLER_ROLES.includes(r));
/** Roles a person may give themselves at registration (docs/product/roles-and-accounts.md). */
export const SELF_SERVICE_ROLES: readonly RoleName[] = ['Buyer', 'Seller-Individual', 'Seller-Company'];

export function isRoleName(value: string): value is RoleName {
  return (ROLE_NAMES as readonly string[]).includes(value);
}
