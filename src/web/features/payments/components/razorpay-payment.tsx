import { useCallback, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { INR, toWireNumber } from '#shared/money.ts';
import { RAZORPAY_CHECKOUT } from '#shared/payments.ts';
import type { Order } from '#shared/schemas/order.ts';
import type { RazorpayOrder } from '#shared/schemas/payment.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Money } from '#web/components/price.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useRazorpayConfig } from '../api/get-payment-config.ts';
import { usePaymentQuote } from '../api/get-payment-quote.ts';
import { confirmRazorpayPayment, createRazorpayOrder, sandboxRazorpayPay } from '../api/razorpay.ts';
import { openRazorpayCheckout, type CheckoutEnd } from '../lib/razorpay-checkout.ts';
import { usePaid } from '../lib/use-paid.ts';
import { PaymentOutcomeAlert, type OutcomeState } from './payment-outcome.tsx';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog.tsx';
import { SandboxNote } from './sandbox-note.tsx';

type Phase = 'idle' | 'starting' | 'checkout' | 'confirming';

/**
 * Pay an order with RazorPay: the server creates the RazorPay order for the order's INR total, checkout
 * (checkout.js, or the sandbox dialog without keys) takes the payment, and the server verifies its
 * signature before the order counts as paid. Outcomes as docs/product/orders-and-checkout.md#checkout-flow.
 */
export function RazorpayPayment({ order }: { order: Order }) {
  const config = useRazorpayConfig();
  const quote = usePaymentQuote(order._id);
  const paid = usePaid();
  const [phase, setPhase] = useState<Phase>('idle');
  const [outcome, setOutcome] = useState<OutcomeState>(null);
  const [error, setError] = useState<unknown>(null);
  const [sandboxOrder, setSandboxOrder] = useState<RazorpayOrder | null>(null);
  const [sandboxPaying, setSandboxPaying] = useState(false);

  const finish = useCallback(
    async (end: CheckoutEnd) => {
      if (end.kind === 'ended') {
        setOutcome({ outcome: end.outcome, detail: end.detail });
        setPhase('idle');
        return;
      }
      setPhase('confirming');
      try {
        const updated = await confirmRazorpayPayment(order._id, end.result);
        setOutcome({ outcome: 'succeeded' });
        await paid(updated);
      } catch (err) {
        // A payment the server could not verify is a failed payment: the order stays unpaid.
        setOutcome({ outcome: 'failed', detail: errorMessage(err) });
      } finally {
        setPhase('idle');
      }
    },
    [order._id, paid],
  );

  async function start() {
    setOutcome(null);
    setError(null);
    setPhase('starting');
    try {
      const rz = await createRazorpayOrder(order._id);
      setPhase('checkout');
      if (rz.sandbox) {
        setSandboxOrder(rz);
        return;
      }
      await finish(
        await openRazorpayCheckout(rz, order.user, `Order ${order._id.slice(0, 8).toUpperCase()}`),
      );
    } catch (err) {
      setError(err);
      setPhase('idle');
    }
  }

  const endSandbox = (end: CheckoutEnd) => {
    setSandboxOrder(null);
    void finish(end);
  };
  async function sandboxPay() {
    if (!sandboxOrder) return;
    setSandboxPaying(true);
    try {
      const result = await sandboxRazorpayPay(sandboxOrder.razor_order_id);
      endSandbox({ kind: 'paid', result });
    } catch (err) {
      endSandbox({ kind: 'ended', outcome: 'failed', detail: errorMessage(err) });
    } finally {
      setSandboxPaying(false);
    }
  }
  const onTimeout = useCallback(() => {
    setSandboxOrder(null);
    void finish({ kind: 'ended', outcome: 'timedout' });
  }, [finish]);

  const busy = phase !== 'idle';
  const foreign = order.orderCurrency.toUpperCase() !== 'INR';
  return (
    <div className="d-grid gap-2">
      {config.data?.sandbox ? <SandboxNote provider="RazorPay" /> : null}
      {quote.data && foreign ? (
        <p className="small mb-0">
          RazorPay charges <Money amount={quote.data.RazorPay.amount} currency="INR" /> (Indian rupees).
        </p>
      ) : null}
      <ErrorAlert error={config.error ?? error} className="mb-0" />
      <PaymentOutcomeAlert state={outcome} />
      <Button
        variant="primary"
        onClick={() => void start()}
        disabled={busy || !!config.error}
        aria-busy={busy}
      >
        {busy ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
        {phase === 'confirming'
          ? 'Confirming payment…'
          : outcome
            ? 'Try RazorPay again'
            : 'Pay with RazorPay'}
      </Button>
      <SandboxCheckoutDialog
        show={!!sandboxOrder}
        provider="RazorPay"
        amount={sandboxOrder ? toWireNumber(sandboxOrder.amount, INR.decimalDigits) : undefined}
        currency={sandboxOrder?.currency ?? 'INR'}
        pending={sandboxPaying}
        timeoutSeconds={RAZORPAY_CHECKOUT.timeoutSeconds}
        onPay={() => void sandboxPay()}
        onFail={() => endSandbox({ kind: 'ended', outcome: 'failed', detail: 'declined in the sandbox' })}
        onDismiss={() => endSandbox({ kind: 'ended', outcome: 'Cancelled' })}
        onTimeout={onTimeout}
      />
    </div>
  );
}
