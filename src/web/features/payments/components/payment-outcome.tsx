import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { outcomeMessage, type PaymentOutcome } from '#shared/payments.ts';

export type OutcomeState = { outcome: PaymentOutcome; detail?: string | undefined } | null;

const DETAIL: Record<Exclude<PaymentOutcome, 'succeeded'>, string> = {
  failed: 'The payment failed. The order is not paid yet.',
  Cancelled: 'The payment window was closed before paying. The order is not paid yet.',
  timedout: 'The payment timed out. The order is not paid yet.',
};

/**
 * docs/product/payments.md, docs/product/messages.md: anything but success says the payment was not
 * completed and the order is kept, unpaid, to pay again with the button right below
 * (docs/decisions/0133-payment-attempt-wording-and-cart.md). The outcome's name is `data-outcome`.
 */
export function PaymentOutcomeAlert({ state }: { state: OutcomeState }) {
  if (!state || state.outcome === 'succeeded') return null;
  return (
    <Alert variant="warning" className="mb-0" role="alert" data-outcome={state.outcome}>
      <p className="fw-semibold mb-1">{outcomeMessage(state.outcome)}</p>
      <p className="mb-0 small">
        {DETAIL[state.outcome]}
        {state.detail ? ` (${state.detail})` : ''}
      </p>
    </Alert>
  );
}

/** Shown once the order is paid, and for cash on delivery. */
export function ThankYou({ children }: { children?: ReactNode }) {
  return (
    <Alert variant="success" className="mb-0" role="status">
      <p className="fw-semibold mb-1">{outcomeMessage('succeeded')}</p>
      {children ? <div className="mb-0 small">{children}</div> : null}
    </Alert>
  );
}
