import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  PRODUCT_CURRENCIES,
  PRODUCT_MSG,
  discountDateInput,
  productForm,
  type ProductFormOutput,
  type ProductFormValues,
} from '#shared/schemas/product-form.ts';
import { variantsFromSizes } from '#shared/variants.ts';
import { isProductLocked } from '#shared/product-lock.ts';
import type { Product, ProductDiscount } from '#shared/schemas/product.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SelectField, SubmitButton, TextField } from '#web/components/form-field.tsx';
import { SizeChartPicker } from '#web/features/size-charts/index.ts';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { useMarkupByName } from '../api/get-markup-by-name.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { CategorySelects } from './category-selects.tsx';
import { DiscountPanel } from './discount-panel.tsx';
import { ImagePicker } from './image-picker.tsx';
import { skuPrefix, totalOf, type VariantRow } from '../lib/variant-rows.ts';
import { rowName, VariantsField } from './variants-field.tsx';
import { Said } from '#web/components/said.tsx';

const FIELDS = [
  'name',
  'price',
  'currency',
  'brand',
  'countInStock',
  'categoryId',
  'sizes',
  'variants',
  'sizeChartId',
  'description',
  'image',
  'discount_value',
  'valid_until',
  'coupon_code',
] as const;

/** Where the server may put a message about a cell of the variant grid. */
const variantFields = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    ['size', 'colour', 'sku', 'countInStock', 'price'].map((f) => `variants.${String(i)}.${f}`),
  ).flat();

/**
 * The grid's rows for a product: its variants, or, for an answer without them (a server from before
 * variants), one row per size with the stock split as the server splits it.
 */
function initialVariants(product: Product | null): VariantRow[] {
  if (!product) return [];
  const variants = product.variants ?? [];
  if (variants.length > 0) {
    return variants.map((v) => ({
      _id: v._id,
      size: v.size,
      colour: v.colour,
      sku: v.sku,
      countInStock: v.countInStock,
      price: v.price,
    }));
  }
  return product.sizes.length > 0
    ? variantsFromSizes(product.sizes, product.countInStock, skuPrefix(product._id, product.name)).map(
        (v) => ({ ...v, price: null }),
      )
    : [];
}

/**
 * The form's schema, with `countInStock` taken from the grid: the seller enters stock per variant and
 * the product's count is their total (docs/decisions/0102-product-variants.md).
 */
function useProductResolver(): Resolver<ProductFormValues, unknown, ProductFormOutput> {
  return useMemo(() => {
    const base = zodResolver(productForm);
    return (values, context, options) =>
      base({ ...values, countInStock: totalOf(values.variants ?? []) }, context, options);
  }, []);
}
function initialValues(product: Product | null, discount: ProductDiscount | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    price: product?.price ?? (undefined as unknown as number),
    currency: (product?.currency as 'INR' | undefined) ?? 'INR',
    brand: product?.brand ?? '',
    countInStock: product?.countInStock ?? 0,
    description: product?.description ?? '',
    category: product?.category.category ?? '',
    subCategory: product?.category.subCategory ?? '',
    levelThreeCategory: product?.category.levelThreeCategory ?? '',
    levelFourCategory: product?.category.levelFourCategory ?? '',
    levelFiveCategory: product?.category.levelFiveCategory ?? '',
    categoryId: product?.categoryId ?? '',
    sizes: product?.sizes ?? [],
    variants: initialVariants(product),
    sizeChartId: product?.sizeChart?._id ?? null,
    image: product?.image ?? [],
    addDiscount: discount?.activate ?? false,
    discount_value: discount?.discount_value,
    discount_unit: discount?.discount_unit ?? 'percentage',
    valid_until: discount ? discountDateInput(discount.valid_until) : '',
    coupon_code: discount?.coupon_code ?? '',
  };
}

/** The grid's messages: its own ("Please add at least one size."), then each cell's, named by its row. */
function variantMessages(
  errors: FieldErrors<ProductFormValues>,
  rows: readonly VariantRow[],
  t: Translate,
): (string | undefined)[] {
  const list = errors.variants;
  if (!list) return [];
  const own = list.message ?? list.root?.message;
  const messages: (string | undefined)[] = [];
  if (Array.isArray(list)) {
    list.forEach((cells: FieldErrors<VariantRow> | undefined, i: number) => {
      if (!cells) return;
      const row = rows[i];
      const name = row ? rowName(row, t) : t('sellerProducts.form.row', { n: i + 1 });
      for (const key of ['size', 'colour', 'countInStock', 'sku', 'price'] as const) {
        const message = cells[key]?.message;
        if (typeof message === 'string') messages.push(`${name}: ${message}`);
      }
    });
  }
  return [own, ...messages];
}

/** Every message of a failed submit, once each, in the order of the form (docs/product/messages.md: alerts on submit). */
function errorList(
  errors: FieldErrors<ProductFormValues>,
  rows: readonly VariantRow[],
  t: Translate,
): string[] {
  const order = [
    'name',
    'brand',
    'price',
    'currency',
    'description',
    'image',
    'categoryId',
    'sizes',
    'variants',
    'countInStock',
    'discount_value',
    'valid_until',
    'coupon_code',
  ] as const;
  const known = order.flatMap((f) =>
    f === 'variants' ? variantMessages(errors, rows, t) : [errors[f]?.message],
  );
  // Anything else (a field the form does not show on its own) still gets said.
  const other = Object.entries(errors)
    .filter(([field]) => !(order as readonly string[]).includes(field))
    .map(([, e]) => (e as { message?: string } | undefined)?.message);
  return [...new Set([...known, ...other].filter((m): m is string => !!m))];
}

/**
 * The Create / Edit Product form (docs/product/screens.md, docs/product/orders-and-checkout.md#checkout-flow, docs/product/messages.md). Validated by the shared `productForm` schema, saved
 * by `useSaveProduct` (one request to create; update and discount to edit). After the first edit name,
 * currency, brand, images and category are read-only (`isProductLocked`), as the server enforces.
 */
export function ProductForm({
  product,
  discount,
  doneTo,
  notice,
}: {
  product: Product | null;
  discount: ProductDiscount | null;
  /** Where to go once saved (docs/product/orders-and-checkout.md#checkout-flow: the product list). */
  doneTo: string;
  notice?: string | undefined;
}) {
  const t = useT();
  const navigate = useNavigate();
  const save = useSaveProduct();
  const files = useRef(new Map<string, File>()).current;
  const locked = product ? isProductLocked(product) : false;
  const form = useForm<ProductFormValues, unknown, ProductFormOutput>({
    resolver: useProductResolver(),
    defaultValues: initialValues(product, discount),
  });
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitted, isSubmitSuccessful },
  } = form;
  const markup = useMarkupByName(product ? '' : watch('category'));

  // mutateAsync rather than mutate's callbacks: saving refreshes the product, which may re-render this
  // form, and the steps after the save must run whatever happens to it.
  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ existing: product, existingDiscount: discount, values, files });
    } catch (error) {
      applyFieldErrors(error, setError, [...FIELDS, ...variantFields(values.variants?.length ?? 0)]);
      return;
    }
    for (const url of files.keys()) URL.revokeObjectURL(url);
    void navigate(doneTo);
  });

  // What the marketplace keeps (docs/product/catalog.md: copied from the category when the product is created).
  const markupNote = product
    ? t('sellerProducts.form.markupProduct', { percent: String(product.percentageMarkup) })
    : markup.data
      ? t('sellerProducts.form.markupCategory', {
          category: markup.data.uniqueCategoryName,
          percent: String(markup.data.percentageMarkup),
        })
      : null;

  const problems =
    isSubmitted && !isSubmitSuccessful ? errorList(errors, form.getValues('variants') ?? [], t) : [];

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="product-form-heading">
        {notice ? <Message variant="warning">{notice}</Message> : null}
        <ErrorAlert error={save.error} />
        {problems.length > 0 ? (
          <div className="alert alert-danger" role="alert">
            <ul className="mb-0 ps-3">
              {problems.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {locked ? (
          <Message variant="secondary">
            <Said text={PRODUCT_MSG.locked} /> {t('sellerProducts.form.lockedStillChange')}
          </Message>
        ) : null}

        <div className="row g-4">
          <div className="col-12 col-lg-7">
            <div className="card shadow-sm border-0 haat-form-card">
              <div className="card-body p-3 p-sm-4">
                <TextField
                  label={t('sellerProducts.form.name')}
                  {...register('name')}
                  readOnly={locked}
                  error={errors.name?.message}
                />
                <TextField
                  label={t('sellerProducts.form.brand')}
                  {...register('brand')}
                  readOnly={locked}
                  error={errors.brand?.message}
                />
                <div className="row g-2">
                  <div className="col-12 col-sm-7">
                    <TextField
                      label={t('sellerProducts.form.price')}
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="0.01"
                      {...register('price', { valueAsNumber: true })}
                      error={errors.price?.message}
                    />
                  </div>
                  <div className="col-12 col-sm-5">
                    {locked ? (
                      // Not `disabled`: a disabled field would be left out of the submitted values.
                      <TextField
                        label={t('sellerProducts.form.currency')}
                        {...register('currency')}
                        readOnly
                      />
                    ) : (
                      <SelectField
                        label={t('sellerProducts.form.currency')}
                        {...register('currency')}
                        error={errors.currency?.message}
                      >
                        <option value="">{t('sellerProducts.form.selectCurrency')}</option>
                        {PRODUCT_CURRENCIES.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </SelectField>
                    )}
                  </div>
                </div>
                <Form.Group className="mb-3" controlId="product-description">
                  <Form.Label>{t('sellerProducts.form.description')}</Form.Label>
                  <Form.Control
                    as="textarea"
                    rows={6}
                    {...register('description')}
                    isInvalid={!!errors.description}
                    aria-invalid={errors.description ? true : undefined}
                    aria-describedby={errors.description ? 'product-description-error' : undefined}
                  />
                  {errors.description ? (
                    <Form.Control.Feedback type="invalid" id="product-description-error">
                      {errors.description.message}
                    </Form.Control.Feedback>
                  ) : null}
                </Form.Group>
                <ImagePicker files={files} locked={locked} />
              </div>
            </div>
          </div>
          <div className="col-12 col-lg-5">
            <div className="card shadow-sm border-0 haat-form-card mb-4">
              <div className="card-body p-3 p-sm-4">
                <CategorySelects disabled={locked} />
                {markupNote ? <p className="small text-body-secondary mb-3">{markupNote}</p> : null}
                <SizeChartPicker sellerId={product?.user._id} current={product?.sizeChart} />
              </div>
            </div>
            <DiscountPanel />
          </div>
          <div className="col-12">
            <VariantsField productId={product?._id ?? null} />
          </div>
        </div>

        <div className="d-flex flex-wrap gap-2 mt-4">
          <SubmitButton pending={save.isPending} pendingLabel={t('sellerProducts.form.saving')}>
            {product ? t('sellerProducts.form.update') : t('sellerProducts.form.create')}
          </SubmitButton>
          <Link to={doneTo} className="btn btn-outline-secondary">
            {t('sellerProducts.form.cancel')}
          </Link>
        </div>
      </form>
    </FormProvider>
  );
}
