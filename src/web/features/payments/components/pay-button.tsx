import Button from 'react-bootstrap/Button';
import { useT } from '#web/lib/i18n/i18n.tsx';
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
  const t = useT();
  const busy = phase !== 'idle';
  return (
    <Button variant={variant} onClick={onClick} disabled={busy || disabled} aria-busy={busy}>
      {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
      {phase === 'confirming'
        ? t('payments.confirming')
        : outcome
          ? t('payments.tryAgain', { provider })
          : t('payments.payWith', { provider })}
    </Button>
  );
}
