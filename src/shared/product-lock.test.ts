import { describe, expect, it } from 'vitest';
import {
  LOCKED_PRODUCT_FIELDS,
  changedIdentityFields,
  isProductLocked,
  lockViolations,
  type ProductIdentity,
} from './product-lock.ts';

const identity: ProductIdentity = {
  name: 'Silk Kurta',
  currency: 'INR',
  brand: 'Kavya',
  image: ['/uploads/products/p/a-original.jpg', '/uploads/products/p/b-original.jpg'],
  categoryId: 'c1',
};
const created = '2026-11-25T10:00:00.000Z';

describe('isProductLocked', () => {
  it('is open while updatedAt equals createdAt (a new product, however it was created)', () => {
    expect(isProductLocked({ createdAt: created, updatedAt: created })).toBe(false);
    expect(isProductLocked({ createdAt: new Date(created), updatedAt: new Date(created) })).toBe(false);
  });

  it('is locked once updatedAt has moved, by as little as a millisecond', () => {
    expect(isProductLocked({ createdAt: created, updatedAt: '2026-11-25T10:00:00.001Z' })).toBe(true);
    expect(isProductLocked({ createdAt: new Date(created), updatedAt: new Date('2026-11-26') })).toBe(true);
  });

  it('compares instants, not spellings of them', () => {
    expect(isProductLocked({ createdAt: created, updatedAt: '2026-11-25T15:30:00.000+05:30' })).toBe(false);
    expect(isProductLocked({ createdAt: new Date(created), updatedAt: created })).toBe(false);
  });
});

describe('changedIdentityFields', () => {
  it('names nothing when the edit sends no identity field, or the same values', () => {
    expect(changedIdentityFields(identity, {})).toEqual([]);
    expect(changedIdentityFields(identity, { ...identity, image: [...identity.image] })).toEqual([]);
  });

  it('names each changed field, in the reported order', () => {
    const next = { categoryId: 'c2', name: 'Cotton Kurta', brand: 'Meera', currency: 'USD', image: [] };
    expect(changedIdentityFields(identity, next)).toEqual([...LOCKED_PRODUCT_FIELDS]);
  });

  it('treats images as an ordered list: reordering, dropping or adding one is a change', () => {
    const [a, b] = identity.image as [string, string];
    expect(changedIdentityFields(identity, { image: [b, a] })).toEqual(['image']);
    expect(changedIdentityFields(identity, { image: [a] })).toEqual(['image']);
    expect(changedIdentityFields(identity, { image: [a, b, a] })).toEqual(['image']);
  });
});

describe('lockViolations', () => {
  const next = { name: 'Typo fixed', image: [] };

  it('allows every change before the first update', () => {
    expect(lockViolations({ ...identity, createdAt: created, updatedAt: created }, next)).toEqual([]);
  });

  it('refuses changed identity fields after it, and only those', () => {
    const locked = { ...identity, createdAt: created, updatedAt: '2026-11-25T11:00:00.000Z' };
    expect(lockViolations(locked, next)).toEqual(['name', 'image']);
    expect(lockViolations(locked, { name: identity.name, brand: identity.brand })).toEqual([]);
  });
});
