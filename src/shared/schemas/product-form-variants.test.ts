import { describe, expect, it } from 'vitest';
import {
  VARIANT_MSG,
  createProductBody,
  updateProductBody,
  variantInputSchema,
  type VariantInputBody,
} from './product-form.ts';

/** The variant grid's rules as the routes parse them (docs/decisions/0102-product-variants.md). */

const row = (over: Partial<VariantInputBody> = {}): VariantInputBody => ({
  size: 'M',
  colour: null,
  sku: 'TEE-M',
  countInStock: 3,
  price: null,
  ...over,
});

const product = {
  name: 'Tee',
  price: 499,
  currency: 'INR',
  brand: 'Haat',
  countInStock: 3,
  categoryId: '1f0c7d4e-9b7a-4c1e-8a4f-2d7e1c0b9a11',
  sizes: ['M'],
  description: 'A tee.',
};

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : (r.error?.issues.map((i) => i.message) ?? []);

describe('variantInputSchema', () => {
  it('trims, turns a blank colour into none and a missing price into the product price (null)', () => {
    expect(variantInputSchema.parse({ size: ' M ', colour: '  ', sku: ' TEE-M ', countInStock: 2 })).toEqual({
      size: 'M',
      colour: null,
      sku: 'TEE-M',
      countInStock: 2,
      price: null,
    });
    expect(variantInputSchema.parse(row({ colour: 'Red', price: 549.5 }))).toMatchObject({
      colour: 'Red',
      price: 549.5,
    });
  });

  it('refuses a bad SKU, stock and price with their messages', () => {
    expect(messages(variantInputSchema.safeParse(row({ sku: 'TEE M' })))).toEqual([VARIANT_MSG.sku]);
    expect(messages(variantInputSchema.safeParse(row({ sku: '' })))).toContain(VARIANT_MSG.sku);
    expect(messages(variantInputSchema.safeParse(row({ sku: 'X'.repeat(41) })))).toEqual([VARIANT_MSG.sku]);
    expect(variantInputSchema.safeParse(row({ countInStock: -1 })).success).toBe(false);
    expect(variantInputSchema.safeParse(row({ countInStock: 1.5 })).success).toBe(false);
    expect(variantInputSchema.safeParse(row({ price: -1 })).success).toBe(false);
    expect(variantInputSchema.safeParse(row({ price: 1.234 })).success).toBe(false);
    expect(messages(variantInputSchema.safeParse(row({ colour: 'c'.repeat(31) })))).toEqual([
      VARIANT_MSG.colour,
    ]);
    expect(variantInputSchema.safeParse(row({ _id: 'not-an-id' })).success).toBe(false);
  });
});

describe('variants in product bodies', () => {
  it('are optional: a SPEC-shaped body (sizes + countInStock) still parses', () => {
    expect(createProductBody.safeParse(product).success).toBe(true);
    expect(updateProductBody.safeParse({ sizes: ['M', 'L'] }).success).toBe(true);
  });

  it('need at least one row and at most 100', () => {
    expect(messages(createProductBody.safeParse({ ...product, variants: [] }))).toEqual([
      VARIANT_MSG.required,
    ]);
    const many = Array.from({ length: 101 }, (_, i) => row({ sku: `S${i}`, colour: `C${i}` }));
    expect(messages(createProductBody.safeParse({ ...product, variants: many }))).toEqual([
      VARIANT_MSG.tooMany,
    ]);
  });

  it('list each size and colour once, and each SKU once, whatever the case', () => {
    const dupOption = createProductBody.safeParse({
      ...product,
      variants: [row({ colour: 'Red', sku: 'A' }), row({ size: 'm', colour: 'RED', sku: 'B' })],
    });
    expect(dupOption.success).toBe(false);
    expect(dupOption.error?.issues[0]).toMatchObject({
      path: ['variants', 1, 'size'],
      message: VARIANT_MSG.duplicate,
    });
    const dupSku = updateProductBody.safeParse({
      variants: [row({ sku: 'tee-m' }), row({ size: 'L', sku: 'TEE-M' })],
    });
    expect(dupSku.error?.issues[0]).toMatchObject({
      path: ['variants', 1, 'sku'],
      message: VARIANT_MSG.skuDuplicate,
    });
    // The same size in two colours is two variants.
    expect(
      createProductBody.safeParse({
        ...product,
        variants: [row({ colour: 'Red', sku: 'A' }), row({ colour: 'Blue', sku: 'B' })],
      }).success,
    ).toBe(true);
  });

  it('take a size chart id or null', () => {
    expect(updateProductBody.safeParse({ sizeChartId: null }).success).toBe(true);
    expect(updateProductBody.safeParse({ sizeChartId: 'chart' }).success).toBe(false);
  });
});
