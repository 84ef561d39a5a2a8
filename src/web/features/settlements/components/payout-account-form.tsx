import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  payoutAccountForm,
  type PayoutAccountForm as PayoutAccountFormInput,
  type PayoutAccountWire,
} from '#shared/schemas/settlements.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { Loader } from '#web/components/loader.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import { showServerErrors } from '#web/lib/form-errors.ts';
import { usePayoutAccount, useSavePayoutAccount, useVerifyPayoutAccount } from '../api/payout-account.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { ACCOUNT_STATUS_BADGES, accountStatusLabels, formatIndiaDate } from '../lib/labels.ts';

type Output = z.output<typeof payoutAccountForm>;
const FIELDS = [
  'method',
  'accountHolder',
  'accountNumber',
  'confirmAccountNumber',
  'ifsc',
  'vpa',
  'pan',
] as const;

/** What the status means for the seller. */
function statusNote(t: Translate, a: PayoutAccountWire): string {
  if (a.status === 'unverified') return t('settlements.account.note.unverified');
  if (a.status === 'verified')
    return a.verifiedAt
      ? t('settlements.account.note.verifiedOn', { date: formatIndiaDate(a.verifiedAt, t.language.intl) })
      : t('settlements.account.note.verified');
  return a.rejectReason
    ? t('settlements.account.note.rejectedReason', { reason: a.rejectReason })
    : t('settlements.account.note.rejected');
}

/** The account as saved (the number masked), with its status in words. */
export function PayoutAccountDetails({ account }: { account: PayoutAccountWire }) {
  const t = useT();
  return (
    <div data-testid="payout-account">
      <p className="mb-1">
        <span className={`badge ${ACCOUNT_STATUS_BADGES[account.status]} me-2`}>
          {accountStatusLabels(t)[account.status]}
        </span>
        <span className="small">{statusNote(t, account)}</span>
      </p>
      <dl className="row small mb-0" style={{ maxWidth: '32rem' }}>
        <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t('settlements.account.holder')}</dt>
        <dd className="col-7 col-sm-8 mb-1 text-break">{account.accountHolder}</dd>
        {account.method === 'bank' ? (
          <>
            <dt className="col-5 col-sm-4 fw-normal text-body-secondary">
              {t('settlements.account.bankAccount')}
            </dt>
            <dd className="col-7 col-sm-8 mb-1">{account.accountNumber}</dd>
            <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t('settlements.account.ifsc')}</dt>
            <dd className="col-7 col-sm-8 mb-1">{account.ifsc}</dd>
          </>
        ) : (
          <>
            <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t('settlements.account.upiId')}</dt>
            <dd className="col-7 col-sm-8 mb-1 text-break">{account.vpa}</dd>
          </>
        )}
        <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t('settlements.account.pan')}</dt>
        <dd className="col-7 col-sm-8 mb-1">{account.pan ?? t('settlements.account.panNotGiven')}</dd>
      </dl>
    </div>
  );
}

const blank = (a: PayoutAccountWire | null): PayoutAccountFormInput => ({
  method: a?.method ?? 'bank',
  accountHolder: a?.accountHolder ?? '',
  accountNumber: '',
  confirmAccountNumber: '',
  ifsc: a?.ifsc ?? '',
  vpa: a?.vpa ?? '',
  pan: a?.pan ?? '',
});

/**
 * Add or change the payout account: a bank account (holder, number typed twice, IFSC) or a UPI id, and
 * the PAN. The shared schema checks it here and on the server; errors show under their fields and the
 * first one gets the focus. Saving makes it unverified until Haat checks it again.
 */
export function PayoutAccountForm({
  account,
  onDone,
}: {
  account: PayoutAccountWire | null;
  onDone: () => void;
}) {
  const t = useT();
  const save = useSavePayoutAccount();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<PayoutAccountFormInput, unknown, Output>({
    resolver: zodResolver(payoutAccountForm),
    defaultValues: blank(account),
  });
  const method = watch('method');

  const onSubmit = handleSubmit((body) => {
    save.mutate(body, {
      onSuccess: onDone,
      onError: (error) => {
        showServerErrors(error, setError, setFocus, FIELDS);
      },
    });
  });
  const serverFieldError = isApiError(save.error) && save.error.errors.length > 0;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('settlements.account.heading')}>
      {serverFieldError ? null : <ErrorAlert error={save.error} />}
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold mb-1">{t('settlements.account.paidTo')}</legend>
        <div className="d-flex flex-wrap gap-3">
          <div className="form-check">
            <input
              id="payout-method-bank"
              type="radio"
              className="form-check-input"
              value="bank"
              {...register('method')}
            />
            <label className="form-check-label" htmlFor="payout-method-bank">
              {t('settlements.account.bankAccount')}
            </label>
          </div>
          <div className="form-check">
            <input
              id="payout-method-upi"
              type="radio"
              className="form-check-input"
              value="upi"
              {...register('method')}
            />
            <label className="form-check-label" htmlFor="payout-method-upi">
              {t('settlements.account.upi')}
            </label>
          </div>
        </div>
      </fieldset>
      <TextField
        label={t('settlements.account.holderName')}
        autoComplete="name"
        maxLength={100}
        {...register('accountHolder')}
        error={errors.accountHolder?.message}
      />
      {method === 'bank' ? (
        <div className="row g-2">
          <div className="col-12 col-sm-6">
            <TextField
              label={t('settlements.account.accountNumber')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={18}
              help={
                account?.accountNumber
                  ? t('settlements.account.savedNumber', { number: account.accountNumber })
                  : undefined
              }
              {...register('accountNumber')}
              error={errors.accountNumber?.message}
            />
          </div>
          <div className="col-12 col-sm-6">
            <TextField
              label={t('settlements.account.confirmAccountNumber')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={18}
              {...register('confirmAccountNumber')}
              error={errors.confirmAccountNumber?.message}
            />
          </div>
          <div className="col-12 col-sm-6">
            <TextField
              label={t('settlements.account.ifsc')}
              autoComplete="off"
              maxLength={11}
              placeholder={t('settlements.account.ifscPlaceholder')}
              help={t('settlements.account.ifscHelp')}
              {...register('ifsc')}
              error={errors.ifsc?.message}
            />
          </div>
        </div>
      ) : (
        <TextField
          label={t('settlements.account.upiId')}
          autoComplete="off"
          placeholder={t('settlements.account.upiPlaceholder')}
          {...register('vpa')}
          error={errors.vpa?.message}
        />
      )}
      <TextField
        label={t('settlements.account.panOptional')}
        autoComplete="off"
        maxLength={10}
        placeholder={t('settlements.account.panPlaceholder')}
        help={t('settlements.account.panHelp')}
        style={{ maxWidth: '14rem' }}
        {...register('pan')}
        error={errors.pan?.message}
      />
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton pending={save.isPending} pendingLabel={t('settlements.saving')}>
          {t('settlements.account.save')}
        </SubmitButton>
        {account ? (
          <button type="button" className="btn btn-outline-secondary" onClick={onDone}>
            {t('settlements.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The signed-in seller's payout account card (the statement page and the profile): the account and its
 * status, and Add/Edit opening the form.
 */
export function SellerPayoutAccountCard({ className = 'mb-4' }: { className?: string }) {
  const t = useT();
  const query = usePayoutAccount();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const account = query.data?.account ?? null;
  return (
    <section aria-labelledby="payout-account-heading" className={`card ${className}`}>
      <div className="card-body p-3 p-sm-4">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-2">
          <h2 id="payout-account-heading" className="h5 mb-0">
            {t('settlements.account.heading')}
          </h2>
          {query.data && !editing ? (
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              {account ? t('settlements.account.edit') : t('settlements.account.add')}
            </button>
          ) : null}
        </div>
        {query.isPending ? (
          <Loader label={t('settlements.account.loading')} />
        ) : query.error ? (
          <ErrorAlert error={query.error} />
        ) : editing ? (
          <PayoutAccountForm
            account={account}
            onDone={() => {
              setEditing(false);
              setSaved(true);
            }}
          />
        ) : (
          <>
            {saved ? <Message variant="success">{t('settlements.account.saved')}</Message> : null}
            {account ? (
              <PayoutAccountDetails account={account} />
            ) : (
              <p className="mb-0 small">{t('settlements.account.none')}</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

/** Admin: a seller's payout account with Verify, and Reject with a reason. */
export function AdminPayoutAccountCard({
  sellerId,
  account,
}: {
  sellerId: string;
  account: PayoutAccountWire | null;
}) {
  const t = useT();
  const verify = useVerifyPayoutAccount(sellerId);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();

  const reject = () => {
    if (reason.trim().length < 5) {
      setReasonError(t('settlements.account.reasonTooShort'));
      document.getElementById('reject-reason')?.focus();
      return;
    }
    setReasonError(undefined);
    verify.mutate({ approve: false, reason }, { onSuccess: () => setRejecting(false) });
  };

  return (
    <section aria-labelledby="payout-account-heading" className="card mb-4">
      <div className="card-body p-3 p-sm-4">
        <h2 id="payout-account-heading" className="h5">
          {t('settlements.account.heading')}
        </h2>
        <ErrorAlert error={verify.error} />
        {account ? (
          <>
            <PayoutAccountDetails account={account} />
            {account.status !== 'verified' || rejecting ? null : (
              <p className="small text-body-secondary mt-2 mb-0">{t('settlements.account.rejectWarning')}</p>
            )}
            {rejecting ? (
              <form
                className="mt-3"
                noValidate
                aria-label={t('settlements.account.rejectForm')}
                onSubmit={(ev) => {
                  ev.preventDefault();
                  reject();
                }}
              >
                <TextField
                  id="reject-reason"
                  label={t('settlements.account.rejectReason')}
                  maxLength={300}
                  value={reason}
                  onChange={(ev) => setReason(ev.target.value)}
                  error={reasonError}
                />
                <div className="d-flex gap-2">
                  <SubmitButton
                    pending={verify.isPending}
                    pendingLabel={t('settlements.account.rejecting')}
                    className="btn-danger"
                  >
                    {t('settlements.account.reject')}
                  </SubmitButton>
                  <button
                    type="button"
                    className="btn btn-outline-secondary"
                    onClick={() => setRejecting(false)}
                  >
                    {t('settlements.cancel')}
                  </button>
                </div>
              </form>
            ) : (
              <div className="d-flex flex-wrap gap-2 mt-3">
                {account.status !== 'verified' ? (
                  <button
                    type="button"
                    className="btn btn-success"
                    disabled={verify.isPending}
                    onClick={() => verify.mutate({ approve: true, reason: '', updatedAt: account.updatedAt })}
                  >
                    {t('settlements.account.verify')}
                  </button>
                ) : null}
                {account.status !== 'rejected' ? (
                  <button type="button" className="btn btn-outline-danger" onClick={() => setRejecting(true)}>
                    {t('settlements.account.reject')}
                  </button>
                ) : null}
              </div>
            )}
          </>
        ) : (
          <p className="mb-0 small">{t('settlements.account.noneAdmin')}</p>
        )}
      </div>
    </section>
  );
}
