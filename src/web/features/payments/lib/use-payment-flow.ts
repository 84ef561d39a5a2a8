import { useCallback, useState } from 'react';
import type { Order } from '#shared/schemas/order.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import type { OutcomeState } from '../components/payment-outcome.tsx';
import { usePaid } from './use-paid.ts';

/** Where a provider's payment attempt is: asking the server for the provider order, in the provider's checkout, or having the server verify the payment. */
export type PaymentPhase = 'idle' | 'starting' | 'checkout' | 'confirming';

/**
 * The part of paying an order that is the same for RazorPay and PayPal: one attempt at a time, an error
 * starting it, its outcome, and the server's verification, which alone marks the order paid
 * (docs/product/orders-and-checkout.md#checkout-flow: anything but a verified success leaves it unpaid).
 */
export function usePaymentFlow() {
  const paid = usePaid();
  const [phase, setPhase] = useState<PaymentPhase>('idle');
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const [error, setError] = useState<unknown>(null);

  /** Begins an attempt: clears the last outcome and error; `begin` failing is an error, not an outcome. */
  const start = useCallback(async (begin: () => Promise<void>) => {
    setOutcome(null);
    setError(null);
    setPhase('starting');
    try {
      await begin();
    } catch (err) {
      setError(err);
      setPhase('idle');
    }
  }, []);

  /** Has the server verify the payment; a payment it could not verify is a failed payment. */
  const confirm = useCallback(
    async (verify: () => Promise<Order>) => {
      setPhase('confirming');
      try {
        const updated = await verify();
        setOutcome({ outcome: 'succeeded' });
        await paid(updated);
      } catch (err) {
        setOutcome({ outcome: 'failed', detail: errorMessage(err) });
      } finally {
        setPhase('idle');
      }
    },
    [paid],
  );

  /** Ends an attempt the provider's checkout closed without a payment to verify. */
  const end = useCallback((state: OutcomeState) => {
    setOutcome(state);
    setPhase('idle');
  }, []);

  return { phase, setPhase, busy: phase !== 'idle', outcome, setOutcome, error, start, confirm, end };
}
