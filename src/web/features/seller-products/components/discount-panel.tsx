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

/**
 * The discount panel (docs/product/screens.md, docs/product/orders-and-checkout.md#checkout-flow, docs/product/messages.md): Add Discount turns the discount on (its `activate` flag follows
 * the checkbox); value as a percentage or an amount, a last day at least tomorrow, an optional coupon code.
 */
export function DiscountPanel() {
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
      <legend className="h5 mb-3">Discount</legend>
      <div className="form-check form-switch mb-2">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id="add-discount"
          {...register('addDiscount')}
        />
        <label className="form-check-label" htmlFor="add-discount">
          Add Discount
        </label>
      </div>
      {addDiscount ? (
        <>
          <div className="row g-2">
            <div className="col-12 col-sm-7">
              <TextField
                label="Discount value"
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
              <SelectField label="Unit" {...register('discount_unit')} className="mb-2">
                <option value="percentage">Percent (%)</option>
                <option value="amount">Amount (₹)</option>
              </SelectField>
            </div>
          </div>
          <TextField
            label="Valid until"
            type="date"
            min={earliestDiscountDate()}
            {...register('valid_until')}
            help="The last day of the discount, at least tomorrow."
            error={errors.valid_until?.message}
            className="mb-2"
          />
          <TextField
            label="Coupon code (optional)"
            autoComplete="off"
            maxLength={40}
            {...register('coupon_code')}
            help="Leave blank to offer the discount to everyone. With a code, buyers enter it in their cart."
            error={errors.coupon_code?.message}
            className="mb-2"
          />
          {after !== null ? (
            <p className="small mb-0" aria-live="polite">
              Buyers pay <Price amount={toWireNumber(after)} className="fw-semibold" /> instead of{' '}
              <Price amount={price as number} className="text-decoration-line-through" />.
            </p>
          ) : null}
        </>
      ) : (
        <p className="small text-body-secondary mb-0">No discount: buyers pay the full price.</p>
      )}
    </fieldset>
  );
}
