import { SELLER_ROLES, type RoleName } from './roles.ts';

/**
 * Who may do what (SPEC §6, DECISIONS §4). Pure functions of the signed-in person, used by the server's
 * guards and by the web's menus, so the two never disagree. The server is still the authority.
 */
export type Actor = {
  id: string;
  name: string;
  email: string;
  roles: RoleName[];
  active: boolean;
};

export const hasRole = (actor: Actor | null | undefined, ...roles: RoleName[]): boolean =>
  !!actor && actor.roles.some((r) => roles.includes(r));

export const isAdmin = (actor: Actor | null | undefined) => hasRole(actor, 'Admin');
export const isSeller = (actor: Actor | null | undefined) => hasRole(actor, ...SELLER_ROLES);
/** Active sellers (and Admin) get Products and Orders in the user menu and may list products. */
export const isActiveSeller = (actor: Actor | null | undefined) => !!actor && actor.active && isSeller(actor);
export const canManageProducts = (actor: Actor | null | undefined) =>
  !!actor && actor.active && (isSeller(actor) || isAdmin(actor));
export const canViewUserList = (actor: Actor | null | undefined) => hasRole(actor, 'Admin', 'Auditor');
export const canManageUsers = (actor: Actor | null | undefined) => isAdmin(actor);
/** All orders, mark delivered, mark cash on delivery paid. */
export const canManageOrders = (actor: Actor | null | undefined) => hasRole(actor, 'Admin', 'Distributor');
export const canViewPendingPayments = (actor: Actor | null | undefined) => isAdmin(actor);
export const canEditMarkups = (actor: Actor | null | undefined) => isAdmin(actor);

/** The back-office menus a role sees in the header (SPEC §2). */
export type MenuLink = { to: string; label: string };
export function backOfficeMenu(actor: Actor | null | undefined): MenuLink[] {
  if (!actor) return [];
  if (isAdmin(actor))
    return [
      { to: '/admin/userlist', label: 'Users' },
      { to: '/admin/productlist', label: 'Products' },
      { to: '/admin/orderlist', label: 'Orders' },
      { to: '/admin/pending-payments', label: 'Pending Payments' },
      { to: '/admin/categories-markup', label: 'Category Markups' },
    ];
  const links: MenuLink[] = [];
  if (hasRole(actor, 'Distributor')) links.push({ to: '/admin/orderlist', label: 'Orders' });
  if (hasRole(actor, 'Auditor')) links.push({ to: '/admin/userlist', label: 'Users' });
  return links;
}

/** The seller entries of the user menu (SPEC §2: for an active Admin or seller). */
export function sellerMenu(actor: Actor | null | undefined): MenuLink[] {
  if (!actor || !actor.active || !(isSeller(actor) || isAdmin(actor))) return [];
  return [
    { to: '/seller/productlist', label: 'Products' },
    { to: '/seller/orderlist', label: 'Orders' },
  ];
}
