import Button from 'react-bootstrap/Button';
import type { PaymentPhase } from '../lib/use-payment-flow.ts';
import type { OutcomeState } from './payment-outcome.tsx';

/** A provider's pay button: a spinner while an attempt runs, and 'Try … again' after one ended unpaid. */
export function PayButton({
  provider,
  variant,
  phase,
  outcome,
  disabled,
  onClick,
}: {
  provider: 'RazorPay' | 'PayPal';
  variant: string;
  phase: PaymentPhase;
  outcome: OutcomeState;
  disabled: boolean;
  onClick: () => void;
}) {
  const busy = phase !== 'idle';
  return (
    <Button variant={variant} onClick={onClick} disabled={busy || disabled} aria-busy={busy}>
      {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
      {phase === 'confirming'
        ? 'Confirming payment…'
        : outcome
          ? `Try ${provider} again`
          : `Pay with ${provider}`}
    </Button>
  );
}
