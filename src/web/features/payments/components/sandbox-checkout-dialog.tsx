import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * The built-in sandbox's checkout (docs/product/payments.md): stands in for RazorPay's checkout.js or PayPal's window
 * when no provider keys are set. Clearly labelled; no money moves. Pay / Fail / Dismiss end the attempt
 * the three ways a real checkout can; an optional timeout ends it as RazorPay's 900 s timeout does.
 */
export function SandboxCheckoutDialog({
  show,
  provider,
  amount,
  currency,
  pending,
  timeoutSeconds,
  onPay,
  onFail,
  onDismiss,
  onTimeout,
}: {
  show: boolean;
  provider: 'RazorPay' | 'PayPal';
  amount: number | undefined;
  currency: string;
  pending: boolean;
  timeoutSeconds?: number;
  onPay: () => void;
  onFail: () => void;
  onDismiss: () => void;
  onTimeout?: () => void;
}) {
  const t = useT();
  useEffect(() => {
    if (!show || !timeoutSeconds || !onTimeout) return;
    const timer = window.setTimeout(onTimeout, timeoutSeconds * 1000);
    return () => window.clearTimeout(timer);
  }, [show, timeoutSeconds, onTimeout]);

  return (
    <Modal
      show={show}
      onHide={pending ? () => {} : onDismiss}
      centered
      backdrop="static"
      aria-labelledby="sandbox-checkout-title"
      aria-describedby="sandbox-checkout-note"
    >
      <Modal.Header closeButton={!pending} closeLabel={t('payments.sandbox.dismiss')}>
        <Modal.Title id="sandbox-checkout-title" as="h2" className="h5">
          {t('payments.sandbox.title', { provider })}{' '}
          <Badge bg="warning" text="dark" className="align-middle">
            {t('payments.sandbox.badge')}
          </Badge>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p id="sandbox-checkout-note" className="mb-3">
          {t('payments.sandbox.note', { provider })}
        </p>
        <p className="fs-5 mb-0">
          {t('payments.sandbox.amount')}{' '}
          <strong>{amount === undefined ? '…' : <Money amount={amount} currency={currency} />}</strong>
        </p>
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <Button variant="outline-secondary" onClick={onDismiss} disabled={pending}>
          {t('payments.sandbox.dismiss')}
        </Button>
        <div className="d-flex gap-2">
          <Button variant="outline-danger" onClick={onFail} disabled={pending}>
            {t('payments.sandbox.fail')}
          </Button>
          <Button variant="success" onClick={onPay} disabled={pending} aria-busy={pending}>
            {pending ? <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" /> : null}
            {t('payments.sandbox.pay')}
          </Button>
        </div>
      </Modal.Footer>
    </Modal>
  );
}
