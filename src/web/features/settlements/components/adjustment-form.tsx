import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { adjustmentForm, type AdjustmentForm as AdjustmentFormInput } from '#shared/schemas/settlements.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { newIdempotencyKey } from '#web/lib/random-key.ts';
import { showServerErrors } from '#web/lib/form-errors.ts';
import { useAddAdjustment } from '../api/ledger.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { signedRupees } from '../lib/labels.ts';

type Output = z.output<typeof adjustmentForm>;
const FIELDS = ['amount', 'reason'] as const;

/**
 * Admin: a manual ledger entry for one seller, a signed amount in rupees (+ owed to the seller, − taken
 * from it) with a reason the seller reads on the statement. It is payable at once.
 */
export function AdjustmentForm({ sellerId }: { sellerId: string }) {
  const t = useT();
  const add = useAddAdjustment();
  const [saved, setSaved] = useState<string | null>(null);
  // One Idempotency-Key per adjustment: a double click or a retry records it once; a new one after saving.
  const [attempt, setAttempt] = useState(newIdempotencyKey);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors },
  } = useForm<AdjustmentFormInput, unknown, Output>({
    resolver: zodResolver(adjustmentForm),
    defaultValues: { sellerId, amount: '', reason: '' },
  });

  const onSubmit = handleSubmit((body) => {
    setSaved(null);
    add.mutate(
      { body, idempotencyKey: attempt },
      {
        onSuccess: (res) => {
          setAttempt(newIdempotencyKey());
          setSaved(t('settlements.adjustment.recorded', { amount: signedRupees(res.entry.amount) }));
          reset({ sellerId, amount: '', reason: '' });
        },
        onError: (error) => {
          // The key was used for another amount (the first answer was lost, then the form changed): the
          // server said so; the next save is a new adjustment.
          if (isApiError(error) && error.code === 'conflict') setAttempt(newIdempotencyKey());
          showServerErrors(error, setError, setFocus, FIELDS);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="adjustment-heading" className="card mb-4">
      <div className="card-body p-3 p-sm-4">
        <h2 id="adjustment-heading" className="h5">
          {t('settlements.adjustment.heading')}
        </h2>
        <p className="small text-body-secondary">{t('settlements.adjustment.intro')}</p>
        <ErrorAlert error={add.error} />
        {saved ? <Message variant="success">{saved}</Message> : null}
        <div className="row g-2">
          <div className="col-12 col-sm-4">
            <TextField
              label={t('settlements.adjustment.amount')}
              inputMode="decimal"
              placeholder={t('settlements.adjustment.amountPlaceholder')}
              help={t('settlements.adjustment.amountHelp')}
              {...register('amount')}
              error={errors.amount?.message}
            />
          </div>
          <div className="col-12 col-sm-8">
            <TextField
              label={t('settlements.dialog.reason')}
              maxLength={500}
              placeholder={t('settlements.adjustment.reasonPlaceholder')}
              {...register('reason')}
              error={errors.reason?.message}
            />
          </div>
        </div>
        <SubmitButton pending={add.isPending} pendingLabel={t('settlements.saving')}>
          {t('settlements.adjustment.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
