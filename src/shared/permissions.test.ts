import { describe, expect, it } from 'vitest';
import {
  backOfficeMenu,
  backOfficeTitle,
  canDeleteUser,
  canEditMarkups,
  canEditProduct,
  canManageOrders,
  canManageProducts,
  canManageUsers,
  canViewOrder,
  canViewPendingPayments,
  canViewUserList,
  hasRole,
  holdsRole,
  isActive,
  isBuyerOf,
  isAdmin,
  isSeller,
  isSellerAccount,
  sellerMenu,
  type Actor,
} from './permissions.ts';
import { includesSellerRole, ROLE_NAMES, type RoleName } from './roles.ts';

const actor = (roles: RoleName[], active = true): Actor => ({
  id: 'me',
  name: 'Me',
  email: 'me@haat.test',
  roles,
  active,
});

const POWERS = {
  isAdmin,
  isSeller,
  canManageProducts,
  canViewUserList,
  canManageUsers,
  canManageOrders,
  canViewPendingPayments,
  canEditMarkups,
};

describe('an inactive account holds no power', () => {
  it('no predicate grants anything to an inactive holder of every role', () => {
    const dormant = actor([...ROLE_NAMES], false);
    for (const [name, allowed] of Object.entries(POWERS)) expect(allowed(dormant), name).toBe(false);
    for (const role of ROLE_NAMES) expect(hasRole(dormant, role), role).toBe(false);
    expect(isActive(dormant)).toBe(false);
    expect(backOfficeMenu(dormant)).toEqual([]);
    expect(sellerMenu(dormant)).toEqual([]);
  });

  it('the same account, active, holds them all', () => {
    const everyRole = actor([...ROLE_NAMES]);
    for (const [name, allowed] of Object.entries(POWERS)) expect(allowed(everyRole), name).toBe(true);
    expect(backOfficeMenu(everyRole).map((l) => l.label)).toContain('Users');
    expect(sellerMenu(everyRole).map((l) => l.label)).toEqual([
      'Dashboard',
      'Products',
      'Orders',
      'Shipments',
      'Returns',
      'Size Charts',
      'Delivery Area',
      'Tax Documents',
      'Payments',
    ]);
    expect(sellerMenu(actor(['Admin'])).map((l) => l.label)).toEqual(['Products', 'Orders', 'Size Charts']);
  });

  it.each([
    [['Distributor'], ['Orders', 'Shipments']],
    [['Auditor'], ['Users']],
    [
      ['Admin'],
      [
        'Users',
        'Products',
        'Orders',
        'Shipments',
        'Returns',
        'Refunds',
        'Pending Payments',
        'Payouts',
        'Settlements',
        'COD Cash',
        'Category Markups',
        'Delivery',
        'GST',
        'Sellers awaiting approval',
      ],
    ],
  ] as [RoleName[], string[]][])('%j staff see their back-office menu only while active', (roles, labels) => {
    expect(backOfficeMenu(actor(roles)).map((l) => l.label)).toEqual(labels);
    expect(backOfficeMenu(actor(roles, false))).toEqual([]);
  });

  it('what an account is does not depend on active: a seller under review is still a seller account', () => {
    const pending = actor(['Seller-Individual'], false);
    expect(isSellerAccount(pending)).toBe(true);
    expect(holdsRole(pending, 'Seller-Individual')).toBe(true);
    expect(isSeller(pending)).toBe(false);
    expect(isSellerAccount(actor(['Buyer']))).toBe(false);
  });

  it('nobody signed in holds nothing', () => {
    for (const allowed of Object.values(POWERS)) expect(allowed(null)).toBe(false);
    expect(holdsRole(undefined, 'Buyer')).toBe(false);
    expect(isActive(null)).toBe(false);
  });
});

describe('ownership predicates pages use', () => {
  const other = (roles: RoleName[], active = true): Actor => ({ ...actor(roles, active), id: 'other' });

  it('isBuyerOf: the order is the signed-in account’s own, active or not', () => {
    expect(isBuyerOf(actor(['Buyer']), 'me')).toBe(true);
    expect(isBuyerOf(actor(['Buyer'], false), 'me')).toBe(true);
    expect(isBuyerOf(other(['Buyer']), 'me')).toBe(false);
    expect(isBuyerOf(null, 'me')).toBe(false);
  });

  it('canViewOrder: its buyer, and active Admin or Distributors only', () => {
    expect(canViewOrder(actor(['Buyer']), 'me')).toBe(true);
    expect(canViewOrder(other(['Admin']), 'me')).toBe(true);
    expect(canViewOrder(other(['Distributor']), 'me')).toBe(true);
    expect(canViewOrder(other(['Distributor'], false), 'me')).toBe(false);
    expect(canViewOrder(other(['Auditor', 'Seller-Company', 'Buyer']), 'me')).toBe(false);
    expect(canViewOrder(undefined, 'me')).toBe(false);
  });

  it('canEditProduct: Admin any product; an active seller only their own', () => {
    expect(canEditProduct(actor(['Seller-Individual']), 'me')).toBe(true);
    expect(canEditProduct(actor(['Seller-Individual'], false), 'me')).toBe(false);
    expect(canEditProduct(other(['Seller-Company']), 'me')).toBe(false);
    expect(canEditProduct(other(['Admin']), 'me')).toBe(true);
    expect(canEditProduct(actor(['Buyer']), 'me')).toBe(false);
    expect(canEditProduct(null, 'me')).toBe(false);
  });

  it('canDeleteUser: Admin, never their own account', () => {
    expect(canDeleteUser(actor(['Admin']), 'someone')).toBe(true);
    expect(canDeleteUser(actor(['Admin']), 'me')).toBe(false);
    expect(canDeleteUser(actor(['Admin'], false), 'someone')).toBe(false);
    expect(canDeleteUser(actor(['Auditor']), 'someone')).toBe(false);
  });

  it('includesSellerRole: a user record with either seller role', () => {
    expect(includesSellerRole(['Buyer', 'Seller-Company'])).toBe(true);
    expect(includesSellerRole(['Seller-Individual'])).toBe(true);
    expect(includesSellerRole(['Buyer', 'Admin', 'Auditor', 'Distributor'])).toBe(false);
    expect(includesSellerRole([])).toBe(false);
  });
});

describe('backOfficeTitle', () => {
  it('names the menu after the role, Admin first, both back-office roles together', () => {
    expect(backOfficeTitle(actor(['Admin', 'Distributor']))).toBe('Admin');
    expect(backOfficeTitle(actor(['Distributor']))).toBe('Distributor');
    expect(backOfficeTitle(actor(['Auditor']))).toBe('Auditor');
    expect(backOfficeTitle(actor(['Distributor', 'Auditor']))).toBe('Back office');
  });
});
