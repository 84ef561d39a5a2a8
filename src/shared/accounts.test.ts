import { describe, expect, it } from 'vitest';
import {
  bankAccountUpdate,
  canViewProfile,
  checkRequestedRoles,
  documentLabels,
  normalizeEmail,
  registrationRole,
  requestedRoles,
  startsActive,
} from './accounts.ts';
import type { Actor } from './permissions.ts';
import { ROLE_NAMES, type RoleName } from './roles.ts';

const known = ROLE_NAMES.map((name, i) => ({ id: `0000000${i}-aaaa-4aaa-8aaa-00000000000${i}`, name }));
const idOf = (name: RoleName) => known.find((k) => k.name === name)!.id;

describe('registrationRole (docs/product/messages.md)', () => {
  it.each([
    [{ bank_account: '123456', buisnessRegistrationCode: '22AAAAA0000A1ZC' }, 'Seller-Company'],
    [{ bank_account: '123456' }, 'Seller-Individual'],
    [{ bank_account: '123456', buisnessRegistrationCode: '' }, 'Seller-Individual'],
    [{ bank_account: '123456', buisnessRegistrationCode: '   ' }, 'Seller-Individual'],
    [{ bank_account: '123456', buisnessRegistrationCode: null }, 'Seller-Individual'],
    [{ buisnessRegistrationCode: '22AAAAA0000A1ZC' }, 'Buyer'],
    [{ bank_account: '', buisnessRegistrationCode: '22AAAAA0000A1ZC' }, 'Buyer'],
    [{ bank_account: '  ' }, 'Buyer'],
    [{ bank_account: null }, 'Buyer'],
    [{}, 'Buyer'],
  ] as const)('%o → %s', (input, role) => {
    expect(registrationRole(input)).toBe(role);
  });
});

describe('startsActive', () => {
  it('buyers are active, sellers wait for review', () => {
    expect(startsActive('Buyer')).toBe(true);
    expect(startsActive('Seller-Individual')).toBe(false);
    expect(startsActive('Seller-Company')).toBe(false);
  });
});

describe('requestedRoles', () => {
  it('accepts nothing, a string or a list, dropping blanks', () => {
    expect(requestedRoles(undefined)).toEqual([]);
    expect(requestedRoles('')).toEqual([]);
    expect(requestedRoles(' Buyer ')).toEqual(['Buyer']);
    expect(requestedRoles(['Buyer', ' ', 'Admin'])).toEqual(['Buyer', 'Admin']);
  });
});

describe('checkRequestedRoles', () => {
  it('accepts self-service roles by name (any case) or id, and nothing at all', () => {
    expect(checkRequestedRoles([], known)).toEqual({ ok: true });
    expect(checkRequestedRoles(['Buyer'], known)).toEqual({ ok: true });
    expect(checkRequestedRoles(['seller-company', idOf('Seller-Individual')], known)).toEqual({ ok: true });
    expect(checkRequestedRoles([idOf('Buyer').toUpperCase()], known)).toEqual({ ok: true });
  });

  it.each(['Admin', 'Auditor', 'Distributor'] as const)(
    'refuses %s by name, in any case, and by id',
    (role) => {
      expect(checkRequestedRoles([role], known)).toEqual({ ok: false, reason: 'forbidden', role });
      expect(checkRequestedRoles([role.toLowerCase()], known)).toEqual({
        ok: false,
        reason: 'forbidden',
        role,
      });
      expect(checkRequestedRoles([idOf(role)], known)).toEqual({ ok: false, reason: 'forbidden', role });
      expect(checkRequestedRoles(['Buyer', role], known)).toEqual({ ok: false, reason: 'forbidden', role });
    },
  );

  it('reports an unknown role by the value given', () => {
    expect(checkRequestedRoles(['Superuser'], known)).toEqual({
      ok: false,
      reason: 'not_found',
      role: 'Superuser',
    });
    expect(checkRequestedRoles(['Buyer', 'Nope'], known)).toEqual({
      ok: false,
      reason: 'not_found',
      role: 'Nope',
    });
  });

  it('the first problem in the list decides', () => {
    expect(checkRequestedRoles(['Nope', 'Admin'], known)).toMatchObject({ reason: 'not_found' });
    expect(checkRequestedRoles(['Admin', 'Nope'], known)).toMatchObject({ reason: 'forbidden' });
  });

  it('an empty roles table knows nothing', () => {
    expect(checkRequestedRoles(['Buyer'], [])).toEqual({ ok: false, reason: 'not_found', role: 'Buyer' });
  });
});

describe('canViewProfile', () => {
  const actor = (roles: RoleName[], id = 'me'): Actor => ({
    id,
    name: 'n',
    email: 'e@x.test',
    roles,
    active: true,
  });
  it('self always; others only for Admin and Auditor', () => {
    expect(canViewProfile(actor(['Buyer']), 'me')).toBe(true);
    expect(canViewProfile(actor(['Buyer']), 'other')).toBe(false);
    expect(canViewProfile(actor(['Seller-Company']), 'other')).toBe(false);
    expect(canViewProfile(actor(['Distributor']), 'other')).toBe(false);
    expect(canViewProfile(actor(['Admin']), 'other')).toBe(true);
    expect(canViewProfile(actor(['Auditor']), 'other')).toBe(true);
    expect(canViewProfile(null, 'me')).toBe(false);
  });
});

describe('bankAccountUpdate', () => {
  it('leaves it unchanged when not given, blank or the same', () => {
    expect(bankAccountUpdate('123', undefined)).toEqual({ ok: true, value: '123' });
    expect(bankAccountUpdate('123', '')).toEqual({ ok: true, value: '123' });
    expect(bankAccountUpdate('123', ' 123 ')).toEqual({ ok: true, value: '123' });
    expect(bankAccountUpdate(null, undefined)).toEqual({ ok: true, value: null });
    expect(bankAccountUpdate(null, '  ')).toEqual({ ok: true, value: null });
  });
  it('replaces one on file', () => {
    expect(bankAccountUpdate('123', '456')).toEqual({ ok: true, value: '456' });
  });
  it('refuses to add one where none is on file', () => {
    expect(bankAccountUpdate(null, '456')).toEqual({ ok: false });
    expect(bankAccountUpdate('', '456')).toEqual({ ok: false });
  });
});

describe('small helpers', () => {
  it('normalizeEmail trims and lower-cases', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com');
  });
  it('documentLabels numbers from 1', () => {
    expect(documentLabels(0)).toEqual([]);
    expect(documentLabels(2)).toEqual(['Document 1', 'Document 2']);
  });
});
