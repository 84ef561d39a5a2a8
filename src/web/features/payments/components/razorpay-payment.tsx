import { useCallback, useState } from 'react';
import { INR, toWireNumber } from '#shared/money.ts';
import { RAZORPAY_CHECKOUT } from '#shared/payments.ts';
import type { Order } from '#shared/schemas/order.ts';
import type { RazorpayOrder } from '#shared/schemas/payment.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Money } from '#web/components/price.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useRazorpayConfig } from '../api/get-payment-config.ts';
import { usePaymentQuote } from '../api/get-payment-quote.ts';
import { confirmRazorpayPayment, createRazorpayOrder, sandboxRazorpayPay } from '../api/razorpay.ts';
import { openRazorpayCheckout, type CheckoutEnd } from '../lib/razorpay-checkout.ts';
import { usePaymentFlow } from '../lib/use-payment-flow.ts';
import { PayButton } from './pay-button.tsx';
import { PaymentOutcomeAlert } from './payment-outcome.tsx';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog.tsx';
import { SandboxNote } from './sandbox-note.tsx';

/**
 * Pay an order with RazorPay: the server creates the RazorPay order for the order's INR total, checkout
 * (checkout.js, or the sandbox dialog without keys) takes the payment, and the server verifies its
 * signature before the order counts as paid. Outcomes as docs/product/orders-and-checkout.md#checkout-flow.
 */
export function RazorpayPayment({ order }: { order: Order }) {
  const t = useT();
  const config = useRazorpayConfig();
  const quote = usePaymentQuote(order._id);
  const flow = usePaymentFlow();
  const { confirm, end, setPhase } = flow;
  const [sandboxOrder, setSandboxOrder] = useState<RazorpayOrder | null>(null);
  const [sandboxPaying, setSandboxPaying] = useState(false);

  const finish = useCallback(
    async (checkoutEnd: CheckoutEnd) => {
      if (checkoutEnd.kind === 'ended') {
        end({ outcome: checkoutEnd.outcome, detail: checkoutEnd.detail });
        return;
      }
      await confirm(() => confirmRazorpayPayment(order._id, checkoutEnd.result));
    },
    [order._id, confirm, end],
  );

  const start = () =>
    flow.start(async () => {
      const rz = await createRazorpayOrder(order._id);
      setPhase('checkout');
      if (rz.sandbox) {
        setSandboxOrder(rz);
        return;
      }
      await finish(await openRazorpayCheckout(rz, order.user, order.orderNumber, t));
    });

  const endSandbox = (checkoutEnd: CheckoutEnd) => {
    setSandboxOrder(null);
    void finish(checkoutEnd);
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

  const foreign = order.orderCurrency.toUpperCase() !== 'INR';
  return (
    <div className="d-grid gap-2">
      {config.data?.sandbox ? <SandboxNote provider="RazorPay" /> : null}
      {quote.data && foreign ? (
        <p className="small mb-0">
          {t.rich('payments.razorpay.charges', {
            amount: <Money amount={quote.data.RazorPay.amount} currency="INR" />,
          })}
        </p>
      ) : null}
      <ErrorAlert error={config.error ?? flow.error} className="mb-0" />
      <PaymentOutcomeAlert state={flow.outcome} />
      <PayButton
        provider="RazorPay"
        variant="primary"
        phase={flow.phase}
        outcome={flow.outcome}
        disabled={!!config.error}
        onClick={() => void start()}
      />
      <SandboxCheckoutDialog
        show={!!sandboxOrder}
        provider="RazorPay"
        amount={sandboxOrder ? toWireNumber(sandboxOrder.amount, INR.decimalDigits) : undefined}
        currency={sandboxOrder?.currency ?? 'INR'}
        pending={sandboxPaying}
        timeoutSeconds={RAZORPAY_CHECKOUT.timeoutSeconds}
        onPay={() => void sandboxPay()}
        onFail={() =>
          endSandbox({ kind: 'ended', outcome: 'failed', detail: t('payments.sandbox.declined') })
        }
        onDismiss={() => endSandbox({ kind: 'ended', outcome: 'Cancelled' })}
        onTimeout={onTimeout}
      />
    </div>
  );
}
