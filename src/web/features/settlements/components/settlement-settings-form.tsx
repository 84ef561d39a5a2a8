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
          Settings
        </h2>
        <ErrorAlert error={save.error} />
        {saved ? <Message variant="success">Settlement settings saved.</Message> : null}
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">Record a sale in the seller&apos;s ledger</legend>
          <Form.Check
            type="radio"
            id="sale-on-delivered"
            value="delivered"
            label="When the parcel is delivered"
            {...register('saleOn')}
          />
          <Form.Check
            type="radio"
            id="sale-on-shipped"
            value="shipped"
            label="When the parcel is shipped"
            {...register('saleOn')}
          />
          <div className="form-text">Sales already recorded stay where they are.</div>
        </fieldset>
        <div className="row g-2">
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label="Settlement cycle (days)"
              inputMode="numeric"
              help="Payouts are prepared every this many days."
              {...register('cycleDays')}
              error={errors.cycleDays?.message}
            />
          </div>
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label="TCS (%)"
              inputMode="decimal"
              help="Section 52 CGST, of net taxable value."
              {...register('tcsRate')}
              error={errors.tcsRate?.message}
            />
          </div>
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label="TDS with PAN (%)"
              inputMode="decimal"
              help="Section 194-O, of the gross amount."
              {...register('tdsRate')}
              error={errors.tdsRate?.message}
            />
          </div>
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label="TDS without PAN (%)"
              inputMode="decimal"
              help="When the seller gave no PAN."
              {...register('tdsRateWithoutPan')}
              error={errors.tdsRateWithoutPan?.message}
            />
          </div>
        </div>
        <fieldset className="mb-1">
          <legend className="fs-6 fw-semibold mb-1">Cash-on-delivery collection fee</legend>
          <div className="row g-2">
            <div className="col-12 col-sm-6 col-md-3">
              <TextField
                label="Fixed ₹ per order"
                inputMode="decimal"
                help="0 for none."
                {...register('codFee')}
                error={errors.codFee?.message}
              />
            </div>
            <div className="col-12 col-sm-6 col-md-3">
              <TextField
                label="Plus % of the cash"
                inputMode="decimal"
                help="0 for none."
                {...register('codFeePercent')}
                error={errors.codFeePercent?.message}
              />
            </div>
          </div>
        </fieldset>
        <div className="row g-2">
          <div className="col-12 col-md-6">
            <SelectField
              label="Send payouts by"
              {...register('payoutRail')}
              error={errors.payoutRail?.message}
            >
              <option value="razorpayx">RazorpayX Payouts (bank account or UPI)</option>
              <option value="bank_file">Bank transfer file, uploaded by hand</option>
            </SelectField>
          </div>
          <div className="col-12 col-sm-6 col-md-3">
            <TextField
              label="Minimum payout (₹)"
              inputMode="decimal"
              help="Smaller balances wait for the next cycle."
              {...register('minimumPayout')}
              error={errors.minimumPayout?.message}
            />
          </div>
        </div>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save settings
        </SubmitButton>
      </div>
    </form>
  );
}
