import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { SELLER_CANCEL_REASONS } from '#shared/fulfilment.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { cancelReasonLabels } from '../lib/labels.ts';
import { SHIP_MSG, type CancelBody } from '#shared/schemas/fulfilment.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * Cancel a shipment. A seller must say why (a reason from SELLER_CANCEL_REASONS, the buyer is told);
 * for the operator the reason is optional. Stock goes back and a paid order is refunded (server side).
 */
export function CancelDialog({
  show,
  orderNumber,
  reasonRequired,
  pending,
  error,
  onCancel,
  onClose,
}: {
  show: boolean;
  orderNumber: string;
  reasonRequired: boolean;
  pending: boolean;
  error: unknown;
  onCancel: (body: CancelBody) => void;
  onClose: () => void;
}) {
  const t = useT();
  const reasonLabels = cancelReasonLabels(t);
  const id = useUniqueId();
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (reasonRequired && !reason) return setReasonError(SHIP_MSG.reason);
    setReasonError(null);
    onCancel({ ...(reason ? { reason } : {}), ...(note.trim() ? { note: note.trim() } : {}) });
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t.rich('shipments.cancelDialog.title', {
              number: orderNumber,
              nowrap: (chunks) => <span className="text-nowrap">{chunks}</span>,
            })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{t('shipments.cancelDialog.intro')}</p>
          <ErrorAlert error={error} />
          <Form.Group className="mb-3" controlId={`${id}-reason`}>
            <Form.Label>
              {reasonRequired
                ? t('shipments.cancelDialog.reason')
                : t('shipments.cancelDialog.reasonOptional')}
            </Form.Label>
            <Form.Select
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setReasonError(null);
              }}
              isInvalid={!!reasonError}
            >
              <option value="">{t('shipments.cancelDialog.chooseReason')}</option>
              {SELLER_CANCEL_REASONS.map((r) => (
                <option key={r.code} value={r.code}>
                  {reasonLabels[r.code] ?? r.label}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{reasonError}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`${id}-note`}>
            <Form.Label>{t('shipments.cancelDialog.note')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
            {t('shipments.cancelDialog.keep')}
          </Button>
          <Button type="submit" variant="danger" disabled={pending} aria-busy={pending || undefined}>
            {t('shipments.cancelDialog.confirm')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
