import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { recordRefundBody, type Refund } from '#shared/schemas/fulfilment.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useRecordRefund } from '../api/refunds.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/** Where the operator sends the money: the buyer's UPI id or bank account, from the return request. */
function AccountDetails({ account }: { account: Refund['refundAccount'] }) {
  const t = useT();
  if (!account) return <p className="small text-body-secondary mb-3">{t('refunds.record.noAccount')}</p>;
  return account.kind === 'upi' ? (
    <dl className="row small mb-3">
      <dt className="col-5">{t('refunds.record.upiId')}</dt>
      <dd className="col-7 text-break">{account.upi}</dd>
    </dl>
  ) : (
    <dl className="row small mb-3">
      <dt className="col-5">{t('refunds.record.holder')}</dt>
      <dd className="col-7 text-break">{account.name}</dd>
      <dt className="col-5">{t('refunds.record.accountNumber')}</dt>
      <dd className="col-7 text-break">{account.accountNumber}</dd>
      <dt className="col-5">{t('refunds.record.ifsc')}</dt>
      <dd className="col-7">{account.ifsc}</dd>
    </dl>
  );
}

/**
 * "Record transfer": the operator paid a refund by bank transfer or UPI and enters its reference (UTR);
 * the refund becomes Refunded and the buyer is mailed (server side).
 */
export function RecordTransferDialog({ refund, onClose }: { refund: Refund; onClose: () => void }) {
  const t = useT();
  const id = useUniqueId();
  const record = useRecordRefund(refund._id);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = recordRefundBody.safeParse({ reference });
    if (!parsed.success)
      return setError(parsed.error.issues[0]?.message ?? t('refunds.record.checkReference'));
    setError(null);
    record.mutate(parsed.data.reference, { onSuccess: onClose });
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t('refunds.record.titleFor', { number: refund.orderNumber })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-2">
            {t.rich('refunds.record.pay', {
              amount: <Money amount={refund.amount} currency={refund.currency} className="fw-semibold" />,
              name: refund.buyer.name,
              email: refund.buyer.email,
            })}
          </p>
          {refund.method !== 'CashOnDelivery' ? (
            <p className="small text-warning-emphasis mb-2">
              {t('refunds.record.providerFailed', { method: refund.method })}
            </p>
          ) : null}
          <AccountDetails account={refund.refundAccount} />
          <ErrorAlert error={record.error} />
          <Form.Group controlId={`${id}-reference`}>
            <Form.Label>{t('refunds.record.reference')}</Form.Label>
            <Form.Control
              value={reference}
              onChange={(e) => {
                setReference(e.target.value);
                setError(null);
              }}
              maxLength={60}
              autoComplete="off"
              isInvalid={!!error}
            />
            <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={record.isPending}>
            {t('refunds.record.close')}
          </Button>
          <Button type="submit" disabled={record.isPending} aria-busy={record.isPending || undefined}>
            {t('refunds.record.submit')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
