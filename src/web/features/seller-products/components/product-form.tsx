import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { FormProvider, useForm, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import {
  PRODUCT_CURRENCIES,
  PRODUCT_MSG,
  discountDateInput,
  productForm,
  type ProductFormValues,
} from '#shared/schemas/product-form.ts';
import { isProductLocked } from '#shared/product-lock.ts';
import type { Product, ProductDiscount } from '#shared/schemas/product.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SelectField, SubmitButton, TextField } from '#web/components/form-field.tsx';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useMarkupByName } from '../api/get-markup-by-name.ts';
import { useSaveProduct } from '../api/save-product.ts';
import { CategorySelects } from './category-selects.tsx';
import { DiscountPanel } from './discount-panel.tsx';
import { ImagePicker } from './image-picker.tsx';
import { SizesField } from './sizes-field.tsx';

const FIELDS = [
  'name',
  'price',
  'currency',
  'brand',
  'countInStock',
  'categoryId',
  'sizes',
  'description',
  'image',
  'discount_value',
  'valid_until',
  'coupon_code',
] as const;

function initialValues(product: Product | null, discount: ProductDiscount | null): ProductFormValues {
  return {
    name: product?.name ?? '',
    price: product?.price ?? (undefined as unknown as number),
    currency: (product?.currency as 'INR' | undefined) ?? 'INR',
    brand: product?.brand ?? '',
    countInStock: product?.countInStock ?? (undefined as unknown as number),
    description: product?.description ?? '',
    category: product?.category.category ?? '',
    subCategory: product?.category.subCategory ?? '',
    levelThreeCategory: product?.category.levelThreeCategory ?? '',
    levelFourCategory: product?.category.levelFourCategory ?? '',
    levelFiveCategory: product?.category.levelFiveCategory ?? '',
    categoryId: product?.categoryId ?? '',
    sizes: product?.sizes ?? [],
    image: product?.image ?? [],
    addDiscount: discount?.activate ?? false,
    discount_value: discount?.discount_value,
    discount_unit: discount?.discount_unit ?? 'percentage',
    valid_until: discount ? discountDateInput(discount.valid_until) : '',
    coupon_code: discount?.coupon_code ?? '',
  };
}

/** Every message of a failed submit, once each, in the order of the form (docs/product/messages.md: alerts on submit). */
function errorList(errors: FieldErrors<ProductFormValues>): string[] {
  const order = [
    'name',
    'brand',
    'price',
    'currency',
    'countInStock',
    'description',
    'image',
    'categoryId',
    'sizes',
    'discount_value',
    'valid_until',
    'coupon_code',
  ] as const;
  const known = order.map((f) => errors[f]?.message);
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
  const navigate = useNavigate();
  const save = useSaveProduct();
  const files = useRef(new Map<string, File>()).current;
  const locked = product ? isProductLocked(product) : false;
  const form = useForm({
    resolver: zodResolver(productForm),
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
      applyFieldErrors(error, setError, FIELDS);
      return;
    }
    for (const url of files.keys()) URL.revokeObjectURL(url);
    void navigate(doneTo);
  });

  // What the marketplace keeps (docs/product/catalog.md: copied from the category when the product is created).
  const markupNote = product
    ? `Haat's markup on this product: ${String(product.percentageMarkup)} % of the price.`
    : markup.data
      ? `Haat's markup for ${markup.data.uniqueCategoryName}: ${String(markup.data.percentageMarkup)} % of the price.`
      : null;

  const problems = isSubmitted && !isSubmitSuccessful ? errorList(errors) : [];

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
            {PRODUCT_MSG.locked} Price, stock, sizes, description and the discount can still change.
          </Message>
        ) : null}

        <div className="row g-4">
          <div className="col-12 col-lg-7">
            <div className="card shadow-sm border-0 haat-form-card">
              <div className="card-body p-3 p-sm-4">
                <TextField
                  label="Name"
                  {...register('name')}
                  readOnly={locked}
                  error={errors.name?.message}
                />
                <TextField
                  label="Brand"
                  {...register('brand')}
                  readOnly={locked}
                  error={errors.brand?.message}
                />
                <div className="row g-2">
                  <div className="col-12 col-sm-5">
                    <TextField
                      label="Price"
                      type="number"
                      inputMode="decimal"
                      min={0}
                      step="0.01"
                      {...register('price', { valueAsNumber: true })}
                      error={errors.price?.message}
                    />
                  </div>
                  <div className="col-6 col-sm-3">
                    {locked ? (
                      // Not `disabled`: a disabled field would be left out of the submitted values.
                      <TextField label="Currency" {...register('currency')} readOnly />
                    ) : (
                      <SelectField
                        label="Currency"
                        {...register('currency')}
                        error={errors.currency?.message}
                      >
                        <option value="">Select currency</option>
                        {PRODUCT_CURRENCIES.map((c) => (
                          <option key={c} value={c}>
                            {c}
                          </option>
                        ))}
                      </SelectField>
                    )}
                  </div>
                  <div className="col-6 col-sm-4">
                    <TextField
                      label="Count In Stock"
                      type="number"
                      inputMode="numeric"
                      min={0}
                      step={1}
                      {...register('countInStock', { valueAsNumber: true })}
                      error={errors.countInStock?.message}
                    />
                  </div>
                </div>
                <Form.Group className="mb-3" controlId="product-description">
                  <Form.Label>Description</Form.Label>
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
                <SizesField />
              </div>
            </div>
            <DiscountPanel />
          </div>
        </div>

        <div className="d-flex flex-wrap gap-2 mt-4">
          <SubmitButton pending={save.isPending} pendingLabel="Saving…">
            {product ? 'Update Product' : 'Create Product'}
          </SubmitButton>
          <Link to={doneTo} className="btn btn-outline-secondary">
            Cancel
          </Link>
        </div>
      </form>
    </FormProvider>
  );
}
