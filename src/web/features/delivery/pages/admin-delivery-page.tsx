import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { Zone } from '#shared/delivery.ts';
import { formatMoney, INR, parseMoney } from '#shared/money.ts';
import {
  deliverySettingsSchema,
  pincodeFlagsBody,
  type DeliverySettings,
  type PincodeRow,
} from '#shared/schemas/delivery.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import {
  useDeliverySettings,
  usePincodeSearch,
  useSaveDeliverySettings,
  useSavePincode,
} from '../api/delivery-admin.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';

const FIELDS = Object.keys(deliverySettingsSchema.shape);
const rupees = (n: number) => formatMoney(parseMoney(n), INR);

/** The zones' names on this page ('Special regions' is explained beside them). */
const zoneLabels = (t: Translate): Record<Zone, string> => ({
  same_city: t('delivery.admin.zone.sameCity'),
  same_state: t('delivery.admin.zone.sameState'),
  other_state: t('delivery.admin.zone.otherState'),
  special: t('delivery.admin.zone.special'),
});

function SettingsForm({ settings }: { settings: DeliverySettings }) {
  const t = useT();
  const zones = zoneLabels(t);
  const save = useSaveDeliverySettings();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(deliverySettingsSchema), defaultValues: settings });
  const number = (name: keyof DeliverySettings) =>
    register(name, { setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)) });

  const onSubmit = handleSubmit((body) => {
    setSaved(false);
    save.mutate(body, {
      onSuccess: () => setSaved(true),
      onError: (error) => applyFieldErrors(error, setError, FIELDS),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="h5">
        {t('delivery.admin.settingsHeading')}
      </h2>
      <ErrorAlert error={save.error} />
      {saved ? <Message variant="success">{t('delivery.admin.settingsSaved')}</Message> : null}
      <fieldset className="mb-2">
        <legend className="fs-6 fw-semibold mb-0">{t('delivery.admin.daysByZone')}</legend>
        <p className="form-text mt-0">{t('delivery.admin.specialRegions')}</p>
        <div className="row g-2">
          {(
            [
              ['daysSameCity', 'same_city'],
              ['daysSameState', 'same_state'],
              ['daysOtherState', 'other_state'],
              ['daysSpecial', 'special'],
            ] as const
          ).map(([name, zone]) => (
            <div className="col-6 col-md-3" key={name}>
              <TextField
                label={zones[zone]}
                type="number"
                inputMode="numeric"
                min={0}
                max={30}
                {...number(name)}
                error={errors[name]?.message}
              />
            </div>
          ))}
        </div>
      </fieldset>
      <div className="row g-2">
        <div className="col-12 col-sm-6 col-md-4">
          <TextField
            label={t('delivery.admin.handlingDays')}
            type="number"
            inputMode="numeric"
            min={0}
            max={30}
            help={t('delivery.admin.handlingDaysHelp')}
            {...number('handlingDays')}
            error={errors.handlingDays?.message}
          />
        </div>
        <div className="col-12 col-sm-6 col-md-4">
          <TextField
            label={t('delivery.admin.codLimit')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min={1}
            help={t('delivery.admin.codLimitHelp')}
            {...number('codLimit')}
            error={errors.codLimit?.message}
          />
        </div>
        <div className="col-12 col-sm-6 col-md-4">
          <TextField
            label={t('delivery.admin.codUnacceptedHours')}
            type="number"
            inputMode="numeric"
            min={1}
            {...number('codUnacceptedHours')}
            error={errors.codUnacceptedHours?.message}
          />
        </div>
        <div className="col-12 col-sm-6 col-md-4">
          <TextField
            label={t('delivery.admin.maxOpenCodOrders')}
            type="number"
            inputMode="numeric"
            min={1}
            {...number('maxOpenCodOrders')}
            error={errors.maxOpenCodOrders?.message}
          />
        </div>
        <div className="col-12 col-sm-6 col-md-4">
          <TextField
            label={t('delivery.admin.maxOpenCodUnits')}
            type="number"
            inputMode="numeric"
            min={1}
            {...number('maxOpenCodUnits')}
            error={errors.maxOpenCodUnits?.message}
          />
        </div>
        <div className="col-12 col-sm-6 col-md-4">
          <TextField
            label={t('delivery.admin.maxRtoForCod')}
            type="number"
            inputMode="numeric"
            min={1}
            help={t('delivery.admin.noLimitHelp')}
            {...number('maxRtoForCod')}
            error={errors.maxRtoForCod?.message}
          />
        </div>
      </div>
      <SubmitButton pending={save.isPending} pendingLabel={t('delivery.saving')}>
        {t('delivery.admin.saveSettings')}
      </SubmitButton>
    </form>
  );
}

function PincodeEditor({ row }: { row: PincodeRow }) {
  const t = useT();
  const save = useSavePincode();
  const [serviceable, setServiceable] = useState(row.serviceable);
  const [codAllowed, setCodAllowed] = useState(row.codAllowed);
  const [limit, setLimit] = useState(row.codLimit === null ? '' : String(row.codLimit));
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = pincodeFlagsBody.safeParse({
      serviceable,
      codAllowed,
      codLimit: limit.trim() === '' ? null : Number(limit),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? t('delivery.admin.checkValues'));
      return;
    }
    setProblem(null);
    save.mutate({ pincode: row.pincode, flags: parsed.data });
  };
  const id = `pin-${row.pincode}`;
  return (
    <li className="card border-0 shadow-sm mb-2">
      <form
        className="card-body p-2 p-sm-3"
        onSubmit={onSubmit}
        noValidate
        aria-label={t('delivery.admin.pincodeForm', { pincode: row.pincode })}
      >
        <div className="d-flex flex-wrap justify-content-between gap-1 mb-2">
          <span className="fw-semibold">{row.pincode}</span>
          <span className="small text-body-secondary">
            {row.district}, {row.state}
          </span>
        </div>
        <div className="d-flex flex-wrap align-items-end gap-3">
          <div className="form-check">
            <input
              id={`${id}-serviceable`}
              type="checkbox"
              className="form-check-input"
              checked={serviceable}
              onChange={(e) => setServiceable(e.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-serviceable`}>
              {t('delivery.admin.weDeliverHere')}
            </label>
          </div>
          <div className="form-check">
            <input
              id={`${id}-cod`}
              type="checkbox"
              className="form-check-input"
              checked={codAllowed}
              onChange={(e) => setCodAllowed(e.target.checked)}
            />
            <label className="form-check-label" htmlFor={`${id}-cod`}>
              {t('delivery.admin.cashOnDelivery')}
            </label>
          </div>
          <div style={{ maxWidth: '11rem' }}>
            <label className="form-label small mb-1" htmlFor={`${id}-limit`}>
              {t('delivery.admin.codLimit')}
            </label>
            <input
              id={`${id}-limit`}
              type="number"
              inputMode="decimal"
              className="form-control form-control-sm"
              placeholder={t('delivery.admin.default')}
              value={limit}
              onChange={(e) => setLimit(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-sm btn-outline-primary" disabled={save.isPending}>
            {t('delivery.admin.save')}
          </button>
        </div>
        {problem ? <div className="small text-danger mt-1">{problem}</div> : null}
        <ErrorAlert error={save.error} className="mt-2 mb-0 py-2 small" />
        {save.isSuccess ? (
          <div className="small text-success mt-1" role="status">
            {save.data.codLimit !== null
              ? t('delivery.admin.savedWithLimit', { amount: rupees(save.data.codLimit) })
              : t('delivery.admin.saved')}
          </div>
        ) : null}
      </form>
    </li>
  );
}

function PincodeSection() {
  const t = useT();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = usePincodeSearch(q);
  return (
    <section className="mt-5" aria-labelledby="pincodes-heading">
      <h2 id="pincodes-heading" className="h5">
        {t('delivery.admin.pincodes')}
      </h2>
      <p className="small text-body-secondary">{t('delivery.admin.pincodesIntro')}</p>
      <form
        className="d-flex gap-2 mb-3"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(text.trim());
        }}
      >
        <label htmlFor="pincode-search" className="visually-hidden">
          {t('delivery.admin.searchLabel')}
        </label>
        <input
          id="pincode-search"
          className="form-control"
          placeholder={t('delivery.admin.searchLabel')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-outline-primary">
          {t('delivery.admin.search')}
        </button>
      </form>
      {!q ? null : found.isPending ? (
        <Loader />
      ) : found.error ? (
        <ErrorAlert error={found.error} />
      ) : found.data.length === 0 ? (
        <Message>{t('delivery.admin.noMatch', { q })}</Message>
      ) : (
        <ul className="list-unstyled">
          {found.data.map((row) => (
            // Keyed by pincode only: the list refetches after a save, and the row keeps its "Saved".
            <PincodeEditor key={row.pincode} row={row} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** /admin/delivery (Admin): days per zone, COD limits, and each pincode's flags. */
export function AdminDeliveryPage() {
  const t = useT();
  const settings = useDeliverySettings();
  return (
    <div className="row justify-content-center">
      <div className="col-12 col-lg-10">
        <PageHead title={t('delivery.admin.pageTitle')} />
        <h1 className="h3 mb-4">{t('delivery.admin.heading')}</h1>
        {settings.isPending ? (
          <Loader />
        ) : settings.error ? (
          <ErrorAlert error={settings.error} />
        ) : (
          <SettingsForm settings={settings.data} />
        )}
        <PincodeSection />
      </div>
    </div>
  );
}
