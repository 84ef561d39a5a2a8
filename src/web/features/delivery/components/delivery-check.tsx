import { useState, type FormEvent } from 'react';
import { isPincode } from '#shared/delivery.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDay } from '#web/lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useDeliveryPromise } from '../api/get-promise.ts';
import { readPincode, savePincode } from '../lib/pincode-store.ts';
import { Said } from '#web/components/said.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * "Check delivery" on the product page (docs/decisions/0113-delivery-promise.md): the shopper's pincode
 * (remembered in the browser) answered with the date, cash on delivery, or why not.
 */
export function DeliveryCheck({ productId }: { productId: string }) {
  const t = useT();
  const id = useUniqueId();
  // The remembered pincode is the browser's: read once hydrated, so the server's HTML matches (ADR 0126).
  const hydrated = useHydrated();
  const [storedAsked, setAsked] = useState<string | null>(() => readPincode());
  const [storedText, setText] = useState(() => storedAsked ?? '');
  const asked = hydrated ? storedAsked : null;
  const text = hydrated ? storedText : '';
  const [invalid, setInvalid] = useState(false);
  const answer = useDeliveryPromise(productId, asked);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pincode = text.replace(/\s+/g, '');
    if (!isPincode(pincode)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    savePincode(pincode);
    setAsked(pincode);
  };

  const data = answer.data;
  return (
    <section className="delivery-check border rounded-3 p-3 mt-3" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="h6 mb-2">
        {t('delivery.check.heading')}
      </h2>
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor={`${id}-pincode`} className="form-label small mb-1">
          {t('delivery.check.pincodeLabel')}
        </label>
        <div className="input-group">
          <input
            id={`${id}-pincode`}
            name="pincode"
            className={`form-control${invalid ? ' is-invalid' : ''}`}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={7}
            placeholder={t('delivery.check.placeholder')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-error` : undefined}
          />
          <button type="submit" className="btn btn-outline-primary">
            {t('delivery.check.submit')}
          </button>
        </div>
        {invalid ? (
          <div id={`${id}-error`} className="invalid-feedback d-block">
            {t('delivery.check.invalidPincode')}
          </div>
        ) : null}
      </form>
      <div className="mt-2" aria-live="polite" role="status">
        {invalid || !asked ? null : answer.isPending ? (
          <p className="small text-body-secondary mb-0">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('delivery.check.checking', { pincode: asked })}
          </p>
        ) : answer.error ? (
          <p className="small text-danger mb-0">{errorMessage(answer.error)}</p>
        ) : data?.deliverable && data.deliveryBy ? (
          <>
            <p className="fw-semibold text-success mb-0">
              {t('delivery.check.deliveryBy', { date: formatDay(data.deliveryBy, t.language.intl) })}
            </p>
            <p className="small text-body-secondary mb-1">
              {t('delivery.check.to', {
                pincode: data.pincode,
                district: data.place.district,
                state: data.place.state,
              })}
            </p>
            <p className={`small mb-0${data.cod ? '' : ' text-body-secondary'}`}>
              {data.cod ? t('delivery.check.codAvailable') : data.reason ? <Said text={data.reason} /> : null}
            </p>
          </>
        ) : data ? (
          <>
            <p className="fw-semibold text-danger mb-0">
              {t('delivery.check.notDeliverable', { pincode: data.pincode })}
            </p>
            <p className="small mb-0">{data.reason ? <Said text={data.reason} /> : null}</p>
          </>
        ) : null}
      </div>
    </section>
  );
}
