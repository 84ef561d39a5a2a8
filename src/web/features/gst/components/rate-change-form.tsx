import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useFieldArray, useForm } from 'react-hook-form';
import { indiaDate } from '#shared/gst-rates.ts';
import { gstRateChangeForm, type GstRateChangeForm } from '#shared/schemas/gst.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useAddGstRateChange } from '../api/gst.ts';
import { formatDay } from '../lib/format.ts';
import { CategoryPicker } from './category-picker.tsx';

const MAX_SLABS = 5;
const tomorrow = () => indiaDate(Date.now() + 86_400_000);
/** The shared form rules, and the server's 'future date' rule checked here too so it shows at the date. */
const schema = gstRateChangeForm.superRefine((v, ctx) => {
  if (!(v.effectiveFrom > indiaDate(Date.now())))
    ctx.addIssue({
      code: 'custom',
      path: ['effectiveFrom'],
      message: 'A rate change must start on a future date',
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
            ? `HSN ${body.hsnPrefix}`
            : (created.rules[0]?.categoryName ?? 'the category'),
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
          Add a rate change
        </h2>
        <p className="small text-body-secondary">
          New rates start on a future date. Rates of the same HSN prefix or category still in force then end
          the day before; orders already placed keep their tax.
        </p>
        <ErrorAlert error={add.error} />
        {saved ? (
          <Message variant="success">
            Added {saved.count} {saved.count === 1 ? 'rate' : 'rates'} for {saved.label} from{' '}
            {formatDay(saved.from)}. They are listed above as Future.
          </Message>
        ) : null}
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">Applies to</legend>
          <div className="d-flex flex-wrap gap-3 mb-2">
            <Form.Check
              type="radio"
              id="rate-key-hsn"
              name="rate-key"
              label="An HSN prefix"
              checked={keyKind === 'hsn'}
              onChange={() => switchKey('hsn')}
            />
            <Form.Check
              type="radio"
              id="rate-key-category"
              name="rate-key"
              label="A category"
              checked={keyKind === 'category'}
              onChange={() => switchKey('category')}
            />
          </div>
          {keyKind === 'hsn' ? (
            <TextField
              label="HSN prefix"
              inputMode="numeric"
              maxLength={8}
              placeholder="e.g. 61"
              help="2 to 8 digits. Every HSN code starting with them is covered (61: knitted apparel)."
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
          label="Effective from"
          type="date"
          min={tomorrow()}
          help="The first day (India) the new rates apply."
          style={{ maxWidth: '12rem' }}
          {...register('effectiveFrom')}
          error={errors.effectiveFrom?.message}
        />
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">Rates by price of one piece</legend>
          <p className="form-text mt-0">
            Slabs go upward from ₹0. Give each slab the highest price per piece it covers; the last slab
            covers every price above and has no limit.
          </p>
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
                        label={i === 0 ? 'Price per piece' : `Slab ${i + 1}: price per piece`}
                        value={i === 0 ? 'Any price' : 'Above the slab before'}
                        readOnly
                        disabled
                        className="mb-2"
                      />
                    ) : (
                      <TextField
                        label={`Slab ${i + 1}: up to ₹`}
                        inputMode="decimal"
                        placeholder="e.g. 2500"
                        className="mb-2"
                        {...register(`slabs.${i}.upToInr`)}
                        error={errors.slabs?.[i]?.upToInr?.message}
                      />
                    )}
                  </div>
                  <div className="col-4 col-sm-3">
                    <TextField
                      label="Rate %"
                      inputMode="decimal"
                      placeholder="e.g. 5"
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
                        Remove<span className="visually-hidden"> slab {i + 1}</span>
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
              Add a slab
            </button>
          ) : null}
        </fieldset>
        <TextField
          label="Note (optional)"
          maxLength={200}
          placeholder="e.g. Notification 9/2025, 17 Sep 2025"
          {...register('note')}
          error={errors.note?.message}
        />
        <SubmitButton pending={add.isPending} pendingLabel="Adding…">
          Add rate change
        </SubmitButton>
      </div>
    </form>
  );
}
