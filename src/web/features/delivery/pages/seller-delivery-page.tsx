import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { sellerDeliveryAreaSchema, type SellerDeliveryArea } from '#shared/schemas/delivery.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useSaveSellerArea, useSellerArea, type SellerAreaReply } from '../api/seller-area.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** The form holds the prefixes as typed (commas, spaces or lines); the shared schema checks each one. */
const areaForm = sellerDeliveryAreaSchema.extend({
  excludedPrefixes: z
    .string()
    .transform((text) => text.split(/[\s,]+/).filter((p) => p !== ''))
    .pipe(sellerDeliveryAreaSchema.shape.excludedPrefixes),
});
type AreaFormInput = z.input<typeof areaForm>;

/** The list's own message, or the first bad prefix's (the error is on the array or on an item). */
function prefixError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string') return own;
  for (const item of Object.values(error as Record<string, unknown>)) {
    const m = item && typeof item === 'object' ? (item as { message?: unknown }).message : undefined;
    if (typeof m === 'string') return m;
  }
  return undefined;
}

function AreaForm({ area }: { area: SellerAreaReply }) {
  const t = useT();
  const save = useSaveSellerArea();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AreaFormInput, unknown, SellerDeliveryArea>({
    resolver: zodResolver(areaForm),
    defaultValues: {
      states: area.states,
      excludedPrefixes: area.excludedPrefixes.join(', '),
      codAllowed: area.codAllowed,
      handlingDays: area.handlingDays,
    },
  });

  const onSubmit = handleSubmit((body) => {
    setSaved(false);
    save.mutate(body, {
      onSuccess: () => setSaved(true),
      onError: (error) =>
        applyFieldErrors(error, setError, ['states', 'excludedPrefixes', 'codAllowed', 'handlingDays']),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="area-heading">
      <ErrorAlert error={save.error} />
      {saved ? <Message variant="success">{t('delivery.area.saved')}</Message> : null}
      <fieldset className="mb-3" aria-describedby="states-help">
        <legend className="fs-6 fw-semibold mb-1">{t('delivery.area.states')}</legend>
        <p id="states-help" className="form-text mt-0">
          {t('delivery.area.statesHelp')}
        </p>
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-1">
          {area.allStates.map((state) => (
            <div className="col" key={state}>
              <div className="form-check">
                <input
                  id={`state-${state}`}
                  type="checkbox"
                  className="form-check-input"
                  value={state}
                  {...register('states')}
                />
                <label className="form-check-label" htmlFor={`state-${state}`}>
                  {state}
                </label>
              </div>
            </div>
          ))}
        </div>
        {errors.states ? <div className="small text-danger">{errors.states.message}</div> : null}
      </fieldset>
      <TextField
        label={t('delivery.area.excluded')}
        help={t('delivery.area.excludedHelp')}
        {...register('excludedPrefixes')}
        error={prefixError(errors.excludedPrefixes)}
      />
      <TextField
        label={t('delivery.area.handlingDays')}
        type="number"
        inputMode="numeric"
        min={0}
        max={30}
        placeholder={String(area.defaultHandlingDays)}
        help={t('delivery.area.handlingDaysHelp', { days: String(area.defaultHandlingDays) })}
        {...register('handlingDays', {
          setValueAs: (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v)),
        })}
        error={errors.handlingDays?.message}
      />
      <div className="form-check mb-3">
        <input id="area-cod" type="checkbox" className="form-check-input" {...register('codAllowed')} />
        <label className="form-check-label" htmlFor="area-cod">
          {t('delivery.area.cod')}
        </label>
      </div>
      <SubmitButton pending={save.isPending} pendingLabel={t('delivery.saving')}>
        {t('delivery.area.submit')}
      </SubmitButton>
    </form>
  );
}

/** /seller/delivery (active sellers): where the shop ships, its handling days and cash on delivery. */
export function SellerDeliveryPage() {
  const t = useT();
  const area = useSellerArea();
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-lg-9">
        <PageHead title={t('delivery.area.pageTitle')} />
        <h1 id="area-heading" className="h3 mb-2">
          {t('delivery.area.heading')}
        </h1>
        <p className="text-body-secondary">{t('delivery.area.intro')}</p>
        <div className="card shadow-sm border-0 haat-form-card">
          <div className="card-body p-3 p-sm-4">
            {area.isPending ? (
              <Loader />
            ) : area.error ? (
              <ErrorAlert error={area.error} />
            ) : (
              <AreaForm area={area.data} />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
