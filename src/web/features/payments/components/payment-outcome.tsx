import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { PaymentOutcome } from '#shared/payments.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

export type OutcomeState = { outcome: PaymentOutcome; detail?: string | undefined } | null;

/**
 * docs/product/payments.md, docs/product/messages.md: anything but success says the payment was not
 * completed and the order is kept, unpaid, to pay again with the button right below
 * (docs/decisions/0133-payment-attempt-wording-and-cart.md). The outcome's name is `data-outcome`.
 */
export function PaymentOutcomeAlert({ state }: { state: OutcomeState }) {
  const t = useT();
  if (!state || state.outcome === 'succeeded') return null;
  const detail: Record<Exclude<PaymentOutcome, 'succeeded'>, string> = {
    failed: t('payments.outcome.failed'),
    Cancelled: t('payments.outcome.cancelled'),
    timedout: t('payments.outcome.timedout'),
  };
  return (
    <Alert variant="warning" className="mb-0" role="alert" data-outcome={state.outcome}>
      <p className="fw-semibold mb-1">{t('payments.outcome.notCompleted')}</p>
      <p className="mb-0 small">
        {detail[state.outcome]}
        {state.detail ? ` (${state.detail})` : ''}
      </p>
    </Alert>
  );
}

/** Shown once the order is paid, and for cash on delivery. */
export function ThankYou({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <Alert variant="success" className="mb-0" role="status">
      <p className="fw-semibold mb-1">{t('payments.outcome.thankYou')}</p>
      {children ? <div className="mb-0 small">{children}</div> : null}
    </Alert>
  );
}
