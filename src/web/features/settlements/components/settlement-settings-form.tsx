import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import {
  settlementSettingsForm,
  type SettlementSettingsForm,
  type SettlementSettingsWire,
} from '#shared/schemas/settlements.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SelectField, SubmitButton, TextField } from '#web/components/form-field.tsx';
import { useSaveSettlementSettings } from '../api/settlements-admin.ts';
import { showServerErrors } from '#web/lib/form-errors.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** The form's fields in screen order: the server's errors are matched to them, the first one focused. */
const FIELDS = [
  'saleOn',
  'cycleDays',
  'tcsRate',
  'tdsRate',
  'tdsRateWithoutPan',
  'codFee',
  'codFeePercent',
  'payoutRail',
  'minimumPayout',
] as const;

const valuesOf = (s: SettlementSettingsWire): SettlementSettingsForm => ({
  saleOn: s.saleOn,
  cycleDays: s.cycleDays,
  tcsRate: s.tcsRate,
  tdsRate: s.tdsRate,
  tdsRateWithoutPan: s.tdsRateWithoutPan,
  codFee: String(s.codFee),
  codFeePercent: s.codFeePercent,
  payoutRail: s.payoutRail,
  minimumPayout: String(s.minimumPayout),
});

/**
 * 'Settings' of seller settlements (Admin): when a sale enters the ledger (delivery or shipping), the
 * settlement cycle, TCS and TDS rates (with and without the seller's PAN), the cash-on-delivery fee, how
 * payouts are sent and the smallest payout. Checked with the shared schema before sending; the server's
 * answers show at their fields too.
 */
export function SettlementSettingsFormCard({ settings }: { settings: SettlementSettingsWire }) {
  const t = useT();
  const save = useSaveSettlementSettings();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<SettlementSettingsForm>({
    resolver: zodResolver(settlementSettingsForm),
    defaultValues: valuesOf(settings),
  });
  const onSubmit = handleSubmit((body) => {
    setSaved(false);
    save.mutate(body, {
      onSuccess: (next) => {
        setSaved(true);
        reset(valuesOf(next));
      },
      onError: (error) => showServerErrors(error, setError, setFocus, FIELDS),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="settlement-settings-heading" className="card">
      <div className="card-body">
        <h2 id="settlement-settings-heading" className="h5">
          {t('settlements.admin.settings')}
        </h2>
        <ErrorAlert error={save.error} />
        {saved ? <Message variant="success">{t('settlements.settings.saved')}</Message> : null}
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">{t('settlements.settings.recordSale')}</legend>
          <Form.Check
            type="radio"
            id="sale-on-delivered"
            value="delivered"
            label={t('settlements.settings.whenDelivered')}
            {...register('saleOn')}
          />
          <Form.Check
            type="radio"
            id="sale-on-shipped"
            value="shipped"
            label={t('settlements.settings.whenShipped')}
            {...register('saleOn')}
          />
          <div className="form-text">{t('settlements.settings.alreadyRecorded')}</div>
        </fieldset>
        <div className="row g-2">
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label={t('settlements.settings.cycle')}
              inputMode="numeric"
              help={t('settlements.settings.cycleHelp')}
              {...register('cycleDays')}
              error={errors.cycleDays?.message}
            />
          </div>
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label={t('settlements.settings.tcs')}
              inputMode="decimal"
              help={t('settlements.settings.tcsHelp')}
              {...register('tcsRate')}
              error={errors.tcsRate?.message}
            />
          </div>
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label={t('settlements.settings.tds')}
              inputMode="decimal"
              help={t('settlements.settings.tdsHelp')}
              {...register('tdsRate')}
              error={errors.tdsRate?.message}
            />
          </div>
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label={t('settlements.settings.tdsWithoutPan')}
              inputMode="decimal"
              help={t('settlements.settings.tdsWithoutPanHelp')}
              {...register('tdsRateWithoutPan')}
              error={errors.tdsRateWithoutPan?.message}
            />
          </div>
        </div>
        <fieldset className="mb-1">
          <legend className="fs-6 fw-semibold mb-1">{t('settlements.settings.codFee')}</legend>
          <div className="row g-2">
            <div className="col-12 col-sm-6 col-md-3">
              <TextField
                label={t('settlements.settings.codFixed')}
                inputMode="decimal"
                help={t('settlements.settings.zeroForNone')}
                {...register('codFee')}
                error={errors.codFee?.message}
              />
            </div>
            <div className="col-12 col-sm-6 col-md-3">
              <TextField
                label={t('settlements.settings.codPercent')}
                inputMode="decimal"
                help={t('settlements.settings.zeroForNone')}
                {...register('codFeePercent')}
                error={errors.codFeePercent?.message}
              />
            </div>
          </div>
        </fieldset>
        <div className="row g-2">
          <div className="col-12 col-md-6">
            <SelectField
              label={t('settlements.settings.payoutRail')}
              {...register('payoutRail')}
              error={errors.payoutRail?.message}
            >
              <option value="razorpayx">{t('settlements.settings.railRazorpayx')}</option>
              <option value="bank_file">{t('settlements.settings.railBankFile')}</option>
            </SelectField>
          </div>
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label={t('settlements.settings.minimumPayout')}
              inputMode="decimal"
              help={t('settlements.settings.minimumPayoutHelp')}
              {...register('minimumPayout')}
              error={errors.minimumPayout?.message}
            />
          </div>
        </div>
        <SubmitButton pending={save.isPending} pendingLabel={t('settlements.saving')}>
          {t('settlements.settings.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
