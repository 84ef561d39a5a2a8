import { SELLER_ROLES, type RoleName } from './roles.ts';

/**
 * Who may do what (docs/product/roles-and-accounts.md#permissions, docs/product/roles-and-accounts.md). Pure functions of the signed-in person, used by the server's
 * guards and by the web's menus, so the two never disagree. The server is still the authority.
 */
export type Actor = {
  id: string;
  name: string;
  email: string;
  roles: RoleName[];
  active: boolean;
};

/** Signed in and active. Every power of every role needs it (docs/decisions/0011-inactive-accounts-hold-no-power.md). */
export const isActive = (actor: Actor | null | undefined): actor is Actor => !!actor && actor.active;

/**
 * The account carries one of `roles`, active or not: what it *is* (the seller review screen, a seller's
 * phone rule, a role label), never what it may *do*. Use `hasRole` for powers.
 */
export const holdsRole = (actor: Actor | null | undefined, ...roles: RoleName[]): boolean =>
  !!actor && actor.roles.some((r) => roles.includes(r));

/**
 * The account may use the powers of one of `roles`: it holds the role and is active. An inactive account
 * holds no power, whatever its roles; every predicate below is built on this one, so the rule lives here.
 */
export const hasRole = (actor: Actor | null | undefined, ...roles: RoleName[]): boolean =>
  isActive(actor) && holdsRole(actor, ...roles);

export const isAdmin = (actor: Actor | null | undefined) => hasRole(actor, 'Admin');
/** An active seller: may sell (products, discounts, uploads, shop settings, their order lines). */
export const isSeller = (actor: Actor | null | undefined) => hasRole(actor, ...SELLER_ROLES);
/** A seller account, active or still under review (identity, not a power). */
export const isSellerAccount = (actor: Actor | null | undefined) => holdsRole(actor, ...SELLER_ROLES);
/** Products and Orders in the user menu; create and edit products. */
export const canManageProducts = (actor: Actor | null | undefined) => isSeller(actor) || isAdmin(actor);
export const canViewUserList = (actor: Actor | null | undefined) => hasRole(actor, 'Admin', 'Auditor');
export const canManageUsers = (actor: Actor | null | undefined) => isAdmin(actor);
/** All orders, mark delivered, mark cash on delivery paid. */
export const canManageOrders = (actor: Actor | null | undefined) => hasRole(actor, 'Admin', 'Distributor');
export const canViewPendingPayments = (actor: Actor | null | undefined) => isAdmin(actor);
export const canEditMarkups = (actor: Actor | null | undefined) => isAdmin(actor);

/**
 * The signed-in person is the order's buyer (identity, not a power: an account under review still owns
 * its orders). The buyer pays an online order; anybody else sees that it waits for the buyer.
 */
export const isBuyerOf = (actor: Actor | null | undefined, buyerId: string): boolean =>
  !!actor && actor.id === buyerId;
/** An order is seen by its buyer, and by Admin and Distributors (everybody else: 404). */
export const canViewOrder = (actor: Actor | null | undefined, buyerId: string): boolean =>
  isBuyerOf(actor, buyerId) || canManageOrders(actor);
/** A product is edited by Admin, or by its own seller while active. */
export const canEditProduct = (actor: Actor | null | undefined, sellerId: string): boolean =>
  isAdmin(actor) || (isSeller(actor) && actor?.id === sellerId);
/** Admin deletes users, never their own account (the server refuses that too). */
export const canDeleteUser = (actor: Actor | null | undefined, userId: string): boolean =>
  canManageUsers(actor) && actor?.id !== userId;

/** The back-office menus a role sees in the header (docs/product/screens.md). */
export type MenuLink = { to: string; label: string };
export function backOfficeMenu(actor: Actor | null | undefined): MenuLink[] {
  if (!isActive(actor)) return [];
  if (isAdmin(actor))
    return [
      { to: '/admin/userlist', label: 'Users' },
      { to: '/admin/productlist', label: 'Products' },
      { to: '/admin/orderlist', label: 'Orders' },
      { to: '/admin/shipments', label: 'Shipments' },
      { to: '/admin/returns', label: 'Returns' },
      { to: '/admin/refunds', label: 'Refunds' },
      { to: '/admin/pending-payments', label: 'Pending Payments' },
      { to: '/admin/payouts', label: 'Payouts' },
      { to: '/admin/settlements', label: 'Settlements' },
      { to: '/admin/cod-cash', label: 'COD Cash' },
      { to: '/admin/categories-markup', label: 'Category Markups' },
      { to: '/admin/delivery', label: 'Delivery' },
      { to: '/admin/gst', label: 'GST' },
      { to: '/admin/sellers/pending', label: 'Sellers awaiting approval' },
    ];
  const links: MenuLink[] = [];
  if (hasRole(actor, 'Distributor'))
    links.push({ to: '/admin/orderlist', label: 'Orders' }, { to: '/admin/shipments', label: 'Shipments' });
  if (hasRole(actor, 'Auditor')) links.push({ to: '/admin/userlist', label: 'Users' });
  return links;
}

/**
 * A menu label's message id in the catalogues (ADR 0135): 'Pending Payments' → 'common.menu.pendingPayments',
 * 'COD Cash' → 'common.menu.codCash'. The English text stays here as the menus' one list.
 */
export function menuMessageId(label: string): string {
  const words = label.split(/\s+/).filter(Boolean);
  const camel = words
    .map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1).toLowerCase()))
    .join('');
  return `common.menu.${camel}`;
}

/** The back-office menu title's message id: 'Admin' → 'common.office.admin', 'Back office' → 'common.office.backOffice'. */
export const officeMessageId = (title: string): string => menuMessageId(title).replace('.menu.', '.office.');

/** The title of the back-office menu: 'Admin', 'Distributor', 'Auditor', or 'Back office' for both of the last two. */
export function backOfficeTitle(actor: Actor | null | undefined): string {
  if (isAdmin(actor)) return 'Admin';
  const distributor = hasRole(actor, 'Distributor');
  const auditor = hasRole(actor, 'Auditor');
  if (distributor && auditor) return 'Back office';
  return distributor ? 'Distributor' : 'Auditor';
}

/**
 * The seller entries of the user menu (docs/product/screens.md: for an active Admin or seller). The dashboard
 * and the shipment queue are a seller's own (docs/decisions/0115-seller-and-operator-views.md); Admin sees
 * every shipment under the back-office menu instead.
 */
export function sellerMenu(actor: Actor | null | undefined): MenuLink[] {
  if (!canManageProducts(actor)) return [];
  const own = isSeller(actor);
  return [
    ...(own ? [{ to: '/seller/dashboard', label: 'Dashboard' }] : []),
    { to: '/seller/productlist', label: 'Products' },
    { to: '/seller/orderlist', label: 'Orders' },
    ...(own ? [{ to: '/seller/shipments', label: 'Shipments' }] : []),
    ...(own ? [{ to: '/seller/returns', label: 'Returns' }] : []),
    { to: '/seller/size-charts', label: 'Size Charts' },
    ...(own ? [{ to: '/seller/delivery', label: 'Delivery Area' }] : []),
    ...(own ? [{ to: '/seller/tax-documents', label: 'Tax Documents' }] : []),
    ...(own ? [{ to: '/seller/statement', label: 'Payments' }] : []),
  ];
}

/** Every shipment, its filters, and marking shipped ones delivered or returned (Admin and Distributor). */
export const canManageShipments = canManageOrders;
