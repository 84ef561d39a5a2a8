/**
 * The edit lock (docs/product/catalog.md#creating-and-editing-a-product): a product's identity, its name,
 * currency, brand, images and category, may change until the product's first update after its creation;
 * from then on only price, stock, sizes, description and the discount change. It protects buyers from a
 * listing that turns into another product. Creating a product (with its images and discount) is not an
 * update, nor is the update that gives a draft (created without images) its first images; status toggles,
 * reviews and orders taking stock are not either.
 *
 * The server refuses a locked change (400 `product_locked`); the edit form shows the locked fields read-only.
 * Both ask these functions.
 */

/** The fields the lock freezes, in the order their errors are reported. */
export const LOCKED_PRODUCT_FIELDS = ['name', 'currency', 'brand', 'image', 'categoryId'] as const;
export type LockedProductField = (typeof LOCKED_PRODUCT_FIELDS)[number];

export type ProductIdentity = {
  name: string;
  currency: string;
  brand: string;
  image: readonly string[];
  categoryId: string;
};

type Timestamp = string | Date;
const timeOf = (t: Timestamp): number => (t instanceof Date ? t.getTime() : Date.parse(t));

/**
 * Locked once updated: `updatedAt` differs from `createdAt`. Only an edit by the seller or Admin moves
 * `updatedAt`, always by at least a millisecond, so the comparison holds at the API's millisecond precision.
 */
export function isProductLocked(p: { createdAt: Timestamp; updatedAt: Timestamp }): boolean {
  return timeOf(p.updatedAt) !== timeOf(p.createdAt);
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * The identity fields an edit would change: those `next` carries with a value other than the current one
 * (images compared as an ordered list). Sending the unchanged value is not a change.
 */
export function changedIdentityFields(
  current: ProductIdentity,
  next: Partial<ProductIdentity>,
): LockedProductField[] {
  return LOCKED_PRODUCT_FIELDS.filter((field) => {
    if (field === 'image') return next.image !== undefined && !sameList(next.image, current.image);
    const value = next[field];
    return value !== undefined && value !== current[field];
  });
}

/** The fields an edit may not change: every changed identity field once the product is locked, else none. */
export function lockViolations(
  product: ProductIdentity & { createdAt: Timestamp; updatedAt: Timestamp },
  next: Partial<ProductIdentity>,
): LockedProductField[] {
  return isProductLocked(product) ? changedIdentityFields(product, next) : [];
}
