import { useFormContext, useWatch } from 'react-hook-form';
import { priceAfterDiscount } from '#shared/discounts.ts';
import { toWireNumber, tryParseMoney } from '#shared/money.ts';
import {
  discountValueProblem,
  earliestDiscountDate,
  type ProductFormValues,
} from '#shared/schemas/product-form.ts';
import { SelectField, TextField } from '#web/components/form-field.tsx';
import { Price } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * The discount panel (docs/product/screens.md, docs/product/orders-and-checkout.md#checkout-flow, docs/product/messages.md): Add Discount turns the discount on (its `activate` flag follows
 * the checkbox); value as a percentage or an amount, a last day at least tomorrow, an optional coupon code.
 */
export function DiscountPanel() {
  const t = useT();
  const { register, control, formState } = useFormContext<ProductFormValues>();
  const { errors } = formState;
  const [addDiscount, price, value, unit] = useWatch({
    control,
    name: ['addDiscount', 'price', 'discount_value', 'discount_unit'],
  });

  const priceMinor = typeof price === 'number' ? tryParseMoney(price, 2) : null;
  const usable =
    priceMinor !== null &&
    typeof value === 'number' &&
    !Number.isNaN(value) &&
    discountValueProblem(price as number, { discount_value: value, discount_unit: unit }) === null;
  const after = usable
    ? priceAfterDiscount(priceMinor, { discount_value: value, discount_unit: unit })
    : null;

  return (
    <fieldset className="card shadow-sm border-0 haat-form-card p-3 p-sm-4">
      <legend className="h5 mb-3">{t('sellerProducts.discount.legend')}</legend>
      <div className="form-check form-switch mb-2">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id="add-discount"
          {...register('addDiscount')}
        />
        <label className="form-check-label" htmlFor="add-discount">
          {t('sellerProducts.discount.add')}
        </label>
      </div>
      {addDiscount ? (
        <>
          <div className="row g-2">
            <div className="col-12 col-sm-7">
              <TextField
                label={t('sellerProducts.discount.value')}
                type="number"
                inputMode="decimal"
                step="0.01"
                min={0}
                {...register('discount_value', { valueAsNumber: true })}
                error={errors.discount_value?.message}
                className="mb-2"
              />
            </div>
            <div className="col-12 col-sm-5">
              <SelectField
                label={t('sellerProducts.discount.unit')}
                {...register('discount_unit')}
                className="mb-2"
              >
                <option value="percentage">{t('sellerProducts.discount.percent')}</option>
                <option value="amount">{t('sellerProducts.discount.amount')}</option>
              </SelectField>
            </div>
          </div>
          <TextField
            label={t('sellerProducts.discount.validUntil')}
            type="date"
            min={earliestDiscountDate()}
            {...register('valid_until')}
            help={t('sellerProducts.discount.validUntilHelp')}
            error={errors.valid_until?.message}
            className="mb-2"
          />
          <TextField
            label={t('sellerProducts.discount.coupon')}
            autoComplete="off"
            maxLength={40}
            {...register('coupon_code')}
            help={t('sellerProducts.discount.couponHelp')}
            error={errors.coupon_code?.message}
            className="mb-2"
          />
          {after !== null ? (
            <p className="small mb-0" aria-live="polite">
              {t.rich('sellerProducts.discount.buyersPay', {
                after: <Price amount={toWireNumber(after)} className="fw-semibold" />,
                before: <Price amount={price as number} className="text-decoration-line-through" />,
              })}
            </p>
          ) : null}
        </>
      ) : (
        <p className="small text-body-secondary mb-0">{t('sellerProducts.discount.none')}</p>
      )}
    </fieldset>
  );
}
