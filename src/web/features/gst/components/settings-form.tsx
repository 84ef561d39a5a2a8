import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { gstSettingsSchema, type GstSettings } from '#shared/schemas/gst.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useSaveGstSettings, type SettingsBody } from '../api/gst.ts';

const FIELDS = Object.keys(gstSettingsSchema.shape);

/**
 * The operator's tax settings (Admin): when sellers' invoices are issued, and the marketplace's own legal
 * name, GSTIN and address as printed on commission invoices and as e-commerce operator, and the GST rate on
 * its commission.
 */
export function SettingsForm({ settings }: { settings: GstSettings }) {
  const t = useT();
  const save = useSaveGstSettings();
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SettingsBody>({
    resolver: zodResolver(gstSettingsSchema),
    defaultValues: {
      invoiceOn: settings.invoiceOn,
      operatorLegalName: settings.operatorLegalName,
      operatorGstin: settings.operatorGstin,
      operatorAddress: settings.operatorAddress,
      commissionGstRate: settings.commissionGstRate,
    },
  });
  const onSubmit = handleSubmit((body) => {
    setSaved(false);
    save.mutate(body, {
      onSuccess: () => setSaved(true),
      onError: (error) => applyFieldErrors(error, setError, FIELDS),
    });
  });
  const current = save.data ?? settings;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="gst-settings-heading" className="card">
      <div className="card-body">
        <h2 id="gst-settings-heading" className="h5">
          {t('gst.settings.heading')}
        </h2>
        <ErrorAlert error={save.error} />
        {saved ? <Message variant="success">{t('gst.settings.saved')}</Message> : null}
        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">{t('gst.settings.issueInvoices')}</legend>
          <Form.Check
            type="radio"
            id="invoice-on-shipped"
            value="shipped"
            label={t('gst.settings.whenShipped')}
            {...register('invoiceOn')}
          />
          <Form.Check
            type="radio"
            id="invoice-on-placed"
            value="placed"
            label={t('gst.settings.whenPlaced')}
            {...register('invoiceOn')}
          />
        </fieldset>
        <h3 className="fs-6 fw-semibold mb-2">{t('gst.settings.operator')}</h3>
        <div className="row g-2">
          <div className="col-12 col-md-6">
            <TextField
              label={t('gst.settings.legalName')}
              autoComplete="organization"
              {...register('operatorLegalName')}
              error={errors.operatorLegalName?.message}
            />
          </div>
          <div className="col-12 col-md-6">
            <TextField
              label={t('gst.settings.gstin')}
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              help={t('gst.settings.gstinState', {
                state: current.operatorStateName,
                code: current.operatorStateCode,
              })}
              {...register('operatorGstin')}
              error={errors.operatorGstin?.message}
            />
          </div>
        </div>
        <Form.Group className="mb-3" controlId="gst-operator-address">
          <Form.Label>{t('gst.settings.address')}</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            {...register('operatorAddress')}
            isInvalid={!!errors.operatorAddress}
            aria-invalid={errors.operatorAddress ? true : undefined}
            aria-describedby={errors.operatorAddress ? 'gst-operator-address-error' : undefined}
          />
          <Form.Control.Feedback type="invalid" id="gst-operator-address-error">
            {errors.operatorAddress?.message}
          </Form.Control.Feedback>
        </Form.Group>
        <TextField
          label={t('gst.settings.commissionRate')}
          inputMode="decimal"
          style={{ maxWidth: '10rem' }}
          help={t('gst.settings.commissionRateHelp')}
          {...register('commissionGstRate')}
          error={errors.commissionGstRate?.message}
        />
        <SubmitButton pending={save.isPending} pendingLabel={t('gst.settings.saving')}>
          {t('gst.settings.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
