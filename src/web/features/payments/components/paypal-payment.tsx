import { useCallback, useEffect, useRef, useState } from 'react';
import { paypalChargeCurrency } from '#shared/payments.ts';
import type { Order } from '#shared/schemas/order.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Money } from '#web/components/price.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { usePayPalConfig } from '../api/get-payment-config.ts';
import { usePaymentQuote } from '../api/get-payment-quote.ts';
import { capturePayPalOrder, createPayPalOrder } from '../api/paypal.ts';
import { loadPayPalSdk } from '../lib/paypal-sdk.ts';
import { usePaymentFlow } from '../lib/use-payment-flow.ts';
import { PayButton } from './pay-button.tsx';
import { PaymentOutcomeAlert, type OutcomeState } from './payment-outcome.tsx';
import { SandboxCheckoutDialog } from './sandbox-checkout-dialog.tsx';
import { SandboxNote } from './sandbox-note.tsx';

/**
 * Pay an order with PayPal: the server creates the PayPal order (USD, see the note) and captures it after
 * the buyer approves; only a completed capture of that amount marks the order paid. Real keys: the PayPal
 * JS SDK's buttons; no keys: the sandbox dialog, through the same two server calls.
 */
export function PayPalPayment({ order }: { order: Order }) {
  const t = useT();
  const config = usePayPalConfig();
  const quote = usePaymentQuote(order._id);
  const flow = usePaymentFlow();
  const { confirm, end, setOutcome, setPhase } = flow;
  const [sandboxId, setSandboxId] = useState<string | null>(null);

  const capture = useCallback(
    (paypalOrderId: string) => confirm(() => capturePayPalOrder(order._id, paypalOrderId)),
    [order._id, confirm],
  );

  const startSandbox = () =>
    flow.start(async () => {
      const { id } = await createPayPalOrder(order._id);
      setSandboxId(id);
      setPhase('checkout');
    });
  const endSandbox = (state: OutcomeState) => {
    setSandboxId(null);
    end(state);
  };

  const charge = quote.data?.PayPal;
  return (
    <div className="d-grid gap-2">
      {config.data?.sandbox ? <SandboxNote provider="PayPal" /> : null}
      {charge ? (
        <p className="small mb-0">
          {charge.converted
            ? t.rich('payments.paypal.chargesConverted', {
                amount: <Money amount={charge.amount} currency={charge.currency} />,
                name: t('payments.paypal.usDollars'),
                total: <Money amount={order.totalPrice} currency={order.orderCurrency} />,
              })
            : t.rich('payments.paypal.charges', {
                amount: <Money amount={charge.amount} currency={charge.currency} />,
                name: t('payments.paypal.usDollars'),
              })}
        </p>
      ) : null}
      <ErrorAlert error={config.error ?? quote.error ?? flow.error} className="mb-0" />
      <PaymentOutcomeAlert state={flow.outcome} />
      {config.data && !config.data.sandbox ? (
        <PayPalSdkButtons
          clientId={config.data.clientId}
          createOrder={async () => {
            setOutcome(null);
            return (await createPayPalOrder(order._id)).id;
          }}
          onApprove={capture}
          onEnd={setOutcome}
        />
      ) : (
        <PayButton
          provider="PayPal"
          variant="warning"
          phase={flow.phase}
          outcome={flow.outcome}
          disabled={!config.data}
          onClick={() => void startSandbox()}
        />
      )}
      <SandboxCheckoutDialog
        show={!!sandboxId}
        provider="PayPal"
        amount={charge?.amount}
        currency={charge?.currency ?? paypalChargeCurrency(order.orderCurrency)}
        pending={flow.phase === 'confirming'}
        onPay={() => {
          const id = sandboxId;
          setSandboxId(null);
          if (id) void capture(id);
        }}
        onFail={() => endSandbox({ outcome: 'failed', detail: t('payments.sandbox.declined') })}
        onDismiss={() => endSandbox({ outcome: 'Cancelled' })}
      />
    </div>
  );
}

/** The PayPal JS SDK's buttons, rendered once the SDK has loaded (real keys only). */
function PayPalSdkButtons({
  clientId,
  createOrder,
  onApprove,
  onEnd,
}: {
  clientId: string;
  createOrder: () => Promise<string>;
  onApprove: (paypalOrderId: string) => Promise<void>;
  onEnd: (state: OutcomeState) => void;
}) {
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  // The SDK keeps the first callbacks it is given; route them through a ref so they stay current.
  const handlers = useRef({ createOrder, onApprove, onEnd });
  handlers.current = { createOrder, onApprove, onEnd };
  // The words for a failed load; kept in a ref so a namespace loading later does not re-render the buttons.
  const words = useRef(t);
  words.current = t;

  useEffect(() => {
    let closed = false;
    let buttons: { close(): Promise<void> } | undefined;
    loadPayPalSdk(clientId, words.current)
      .then(async (paypal) => {
        if (closed || !container.current) return;
        const b = paypal.Buttons({
          style: { layout: 'vertical', label: 'pay' },
          createOrder: () => handlers.current.createOrder(),
          onApprove: (data) => handlers.current.onApprove(data.orderID),
          onCancel: () => handlers.current.onEnd({ outcome: 'Cancelled' }),
          onError: (err) => handlers.current.onEnd({ outcome: 'failed', detail: errorMessage(err) }),
        });
        buttons = b;
        await b.render(container.current);
      })
      .catch((err: unknown) => {
        if (!closed) setLoadError(err);
      });
    return () => {
      closed = true;
      void buttons?.close().catch(() => {});
    };
  }, [clientId]);

  return (
    <>
      <ErrorAlert error={loadError} className="mb-0" />
      <div ref={container} aria-label={t('payments.paypal.name')} />
    </>
  );
}
