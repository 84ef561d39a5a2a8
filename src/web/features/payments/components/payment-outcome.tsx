import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { outcomeMessage, type PaymentOutcome } from '#shared/payments.ts';

export type OutcomeState = { outcome: PaymentOutcome; detail?: string | undefined } | null;

const DETAIL: Record<Exclude<PaymentOutcome, 'succeeded'>, string> = {
  failed: 'The payment failed. Your order is not paid; you can try again.',
  Cancelled: 'The payment window was closed before paying. Your order is not paid; you can try again.',
  timedout: 'The payment timed out. Your order is not paid; you can try again.',
};

/** docs/product/orders-and-checkout.md#checkout-flow/docs/product/messages.md: anything but success reports 'Order Cancelled' (the order itself stays, unpaid). */
export function PaymentOutcomeAlert({ state }: { state: OutcomeState }) {
  if (!state || state.outcome === 'succeeded') return null;
  return (
    <Alert variant="danger" className="mb-0" role="alert" data-outcome={state.outcome}>
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
