import { describe, expect, it } from 'vitest';
import {
  backOfficeMenu,
  canEditMarkups,
  canManageOrders,
  canManageProducts,
  canManageUsers,
  canViewPendingPayments,
  canViewUserList,
  hasRole,
  holdsRole,
  isActive,
  isAdmin,
  isSeller,
  isSellerAccount,
  sellerMenu,
  type Actor,
} from './permissions.ts';
import { ROLE_NAMES, type RoleName } from './roles.ts';

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
    expect(sellerMenu(everyRole).map((l) => l.label)).toEqual(['Products', 'Orders']);
  });

  it.each([
    [['Distributor'], ['Orders']],
    [['Auditor'], ['Users']],
    [['Admin'], ['Users', 'Products', 'Orders', 'Pending Payments', 'Category Markups']],
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
