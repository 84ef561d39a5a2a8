import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '#web/lib/api-client.ts';
import { couponQueryOptions, isUnknownCoupon } from '../api/get-coupon.ts';
import { hasCode } from '#web/lib/cart/coupon-codes.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

export type CouponState = {
  code: string;
  pending: boolean;
  invalid: boolean;
  error: unknown;
  products: string[];
};

/**
 * Coupon entry (docs/product/orders-and-checkout.md#cart; ADR 0068): the code is looked up
 * before it is kept, a wrong one says 'Invalid coupon code', and kept codes are listed with what they
 * discount in this cart, each removable.
 */
export function CouponForm({
  states,
  cartProducts,
  productName,
  onAdd,
  onRemove,
}: {
  states: readonly CouponState[];
  cartProducts: readonly string[];
  productName: (id: string) => string;
  onAdd: (code: string) => void;
  onRemove: (code: string) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const inputId = useUniqueId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    if (!code) {
      setError(t('cart.coupon.enterCode'));
      return;
    }
    if (
      hasCode(
        states.map((s) => s.code),
        code,
      )
    ) {
      setError(t('cart.coupon.alreadyApplied'));
      return;
    }
    setPending(true);
    setError(null);
    try {
      await queryClient.fetchQuery(couponQueryOptions(code));
      onAdd(code);
      setValue('');
    } catch (e) {
      // A code the server does not know (its 404 says 'Coupon code not found') is 'Invalid coupon code'.
      setError(isUnknownCoupon(e) ? t('cart.coupon.invalid') : errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="haat-coupon">
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <label htmlFor={inputId} className="form-label fw-semibold">
          {t('cart.coupon.label')}
        </label>
        <div className="input-group has-validation">
          <input
            id={inputId}
            className={`form-control ${error ? 'is-invalid' : ''}`}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={100}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          <button type="submit" className="btn btn-outline-primary" disabled={pending} aria-busy={pending}>
            {pending ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : null}{' '}
            {t('cart.coupon.apply')}
          </button>
          {error ? (
            <div className="invalid-feedback" id={`${inputId}-error`} role="alert">
              {error}
            </div>
          ) : null}
        </div>
      </form>
      {states.length > 0 ? (
        <ul className="list-unstyled mt-2 mb-0" aria-label={t('cart.coupon.applied')}>
          {states.map((s) => {
            const here = s.products.filter((p) => cartProducts.includes(p));
            return (
              <li key={s.code} className="d-flex align-items-start justify-content-between gap-2 py-1">
                <div className="small">
                  <span className="badge text-bg-success me-1">{s.code.toUpperCase()}</span>
                  {s.pending ? (
                    t('cart.coupon.checking')
                  ) : s.invalid ? (
                    <span className="text-danger">{t('cart.coupon.noLongerValid')}</span>
                  ) : s.error ? (
                    <span className="text-danger">{errorMessage(s.error)}</span>
                  ) : here.length > 0 ? (
                    <>{t('cart.coupon.appliedTo', { products: here.map(productName).join(', ') })}</>
                  ) : (
                    <span className="text-body-secondary">{t('cart.coupon.notApplicable')}</span>
                  )}
                </div>
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 text-danger"
                  onClick={() => onRemove(s.code)}
                  aria-label={t('cart.coupon.removeCode', { code: s.code })}
                >
                  {t('cart.coupon.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
