import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useFieldArray, useForm } from 'react-hook-form';
import { indiaDate } from '#shared/gst-rates.ts';
import { gstRateChangeForm, type GstRateChangeForm } from '#shared/schemas/gst.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { useAddGstRateChange } from '../api/gst.ts';
import { formatDay } from '../lib/format.ts';
import { CategoryPicker } from './category-picker.tsx';

const MAX_SLABS = 5;
const tomorrow = () => indiaDate(Date.now() + 86_400_000);
/** The shared form rules, and the server's 'future date' rule checked here too so it shows at the date. */
const schemaFor = (t: Translate) =>
  gstRateChangeForm.superRefine((v, ctx) => {
    if (!(v.effectiveFrom > indiaDate(Date.now())))
      ctx.addIssue({
        code: 'custom',
        path: ['effectiveFrom'],
        message: t('gst.rateChange.futureDate'),
      });
  });
const blank = (): GstRateChangeForm => ({
  hsnPrefix: '',
  categoryId: '',
  effectiveFrom: tomorrow(),
  slabs: [{ upToInr: '', rate: '' }],
  note: '',
});

/**
 * 'Add a rate change' (Admin): for one HSN prefix or one category, from a future date, slabs upward from
 * ₹0 by the price of one piece, each with its rate; the last slab has no upper limit. Rates of the same
 * key still open then end the day before (the server does it). Server errors show at their fields.
 */
export function RateChangeForm() {
  const t = useT();
  const schema = useMemo(() => schemaFor(t), [t]);
  const add = useAddGstRateChange();
  const [keyKind, setKeyKind] = useState<'hsn' | 'category'>('hsn');
  const [pickerKey, setPickerKey] = useState(0);
  const [saved, setSaved] = useState<{ count: number; from: string; label: string } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors, isSubmitted },
  } = useForm<GstRateChangeForm>({ resolver: zodResolver(schema), defaultValues: blank() });
  const slabs = useFieldArray({ control, name: 'slabs' });
  const onCategory = useCallback(
    (id: string) => setValue('categoryId', id, { shouldValidate: isSubmitted }),
    [setValue, isSubmitted],
  );

  const onSubmit = handleSubmit((body) => {
    setSaved(null);
    add.mutate(body, {
      onSuccess: (created) => {
        setSaved({
          count: created.rules.length,
          from: body.effectiveFrom,
          label: body.hsnPrefix
            ? t('gst.rateKey.hsn', { prefix: body.hsnPrefix })
            : (created.rules[0]?.categoryName ?? t('gst.rateChange.theCategory')),
        });
        reset(blank());
        setPickerKey((k) => k + 1);
      },
      onError: (error) =>
        applyFieldErrors(error, setError, [
          'hsnPrefix',
          'categoryId',
          'effectiveFrom',
          'note',
          'slabs',
          ...slabs.fields.flatMap((_, i) => [`slabs.${i}.upToInr`, `slabs.${i}.rate`]),
        ]),
    });
  });

  const switchKey = (next: 'hsn' | 'category') => {
    setKeyKind(next);
    setValue(next === 'hsn' ? 'categoryId' : 'hsnPrefix', '');
  };
  const keyError = errors.hsnPrefix?.message ?? errors.categoryId?.message;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="rate-change-heading" className="card">
      <div className="card-body">
        <h2 id="rate-change-heading" className="h5">
          {t('gst.rateChange.heading')}
        </h2>
        <p className="small text-body-secondary">{t('gst.rateChange.intro')}</p>
        <ErrorAlert error={add.error} />
        {saved ? (
          <Message variant="success">
            {t('gst.rateChange.added', {
              count: saved.count,
              label: saved.label,
              from: formatDay(saved.from, t.language.intl),
            })}
          </Message>
        ) : null}
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">{t('gst.rateChange.appliesTo')}</legend>
          <div className="d-flex flex-wrap gap-3 mb-2">
            <Form.Check
              type="radio"
              id="rate-key-hsn"
              name="rate-key"
              label={t('gst.rateChange.anHsnPrefix')}
              checked={keyKind === 'hsn'}
              onChange={() => switchKey('hsn')}
            />
            <Form.Check
              type="radio"
              id="rate-key-category"
              name="rate-key"
              label={t('gst.rateChange.aCategory')}
              checked={keyKind === 'category'}
              onChange={() => switchKey('category')}
            />
          </div>
          {keyKind === 'hsn' ? (
            <TextField
              label={t('gst.rateChange.hsnPrefix')}
              inputMode="numeric"
              maxLength={8}
              placeholder={t('gst.rateChange.hsnPlaceholder')}
              help={t('gst.rateChange.hsnHelp')}
              className="mb-0"
              style={{ maxWidth: '12rem' }}
              {...register('hsnPrefix')}
              error={keyError}
            />
          ) : (
            <CategoryPicker key={pickerKey} onChange={onCategory} error={keyError} />
          )}
        </fieldset>
        <TextField
          label={t('gst.rateChange.effectiveFrom')}
          type="date"
          min={tomorrow()}
          help={t('gst.rateChange.effectiveFromHelp')}
          style={{ maxWidth: '12rem' }}
          {...register('effectiveFrom')}
          error={errors.effectiveFrom?.message}
        />
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">{t('gst.rateChange.slabsLegend')}</legend>
          <p className="form-text mt-0">{t('gst.rateChange.slabsHelp')}</p>
          {errors.slabs?.message ? (
            <div className="text-danger small mb-2" role="alert">
              {errors.slabs.message}
            </div>
          ) : null}
          <ol className="list-unstyled mb-2">
            {slabs.fields.map((field, i) => {
              const last = i === slabs.fields.length - 1;
              return (
                <li key={field.id} className="row g-2 align-items-start">
                  <div className="col-5 col-sm-4">
                    {last ? (
                      <TextField
                        label={
                          i === 0
                            ? t('gst.rates.pricePerPiece')
                            : t('gst.rateChange.slabPricePerPiece', { n: i + 1 })
                        }
                        value={i === 0 ? t('gst.slab.any') : t('gst.rateChange.aboveSlabBefore')}
                        readOnly
                        disabled
                        className="mb-2"
                      />
                    ) : (
                      <TextField
                        label={t('gst.rateChange.slabUpTo', { n: i + 1 })}
                        inputMode="decimal"
                        placeholder={t('gst.rateChange.upToPlaceholder')}
                        className="mb-2"
                        {...register(`slabs.${i}.upToInr`)}
                        error={errors.slabs?.[i]?.upToInr?.message}
                      />
                    )}
                  </div>
                  <div className="col-4 col-sm-3">
                    <TextField
                      label={t('gst.rateChange.rate')}
                      inputMode="decimal"
                      placeholder={t('gst.rateChange.ratePlaceholder')}
                      className="mb-2"
                      {...register(`slabs.${i}.rate`)}
                      error={errors.slabs?.[i]?.rate?.message}
                    />
                  </div>
                  <div className="col-3 col-sm-auto">
                    {slabs.fields.length > 1 ? (
                      <button
                        type="button"
                        className="btn btn-outline-danger btn-sm gst-slab-remove"
                        onClick={() => {
                          slabs.remove(i);
                          // The new last slab has no limit.
                          if (last) setValue(`slabs.${i - 1}.upToInr`, '');
                        }}
                      >
                        {t('gst.rateChange.remove')}
                        <span className="visually-hidden"> {t('gst.rateChange.slabN', { n: i + 1 })}</span>
                      </button>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
          {slabs.fields.length < MAX_SLABS ? (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={() => slabs.append({ upToInr: '', rate: '' })}
            >
              {t('gst.rateChange.addSlab')}
            </button>
          ) : null}
        </fieldset>
        <TextField
          label={t('gst.rateChange.note')}
          maxLength={200}
          placeholder={t('gst.rateChange.notePlaceholder')}
          {...register('note')}
          error={errors.note?.message}
        />
        <SubmitButton pending={add.isPending} pendingLabel={t('gst.rateChange.adding')}>
          {t('gst.rateChange.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
