import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useCancel, type CancelTarget } from '../api/cancel-order.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * The buyer's cancel buttons (docs/decisions/0114-buyer-order-page.md): one parcel, or the whole order.
 * Each asks first in a dialog that says what happens to the money, then refetches the order.
 */
export function CancelButton({
  target,
  label,
  title,
  what,
  refundNote,
  variant = 'outline-danger',
  onDone,
}: {
  target: Omit<CancelTarget, 'note'>;
  label: string;
  title: string;
  /** "the items from Kavya Textiles", "every item of this order" */
  what: string;
  /** What happens to the money, when the order was paid. */
  refundNote: string | null;
  variant?: string;
  onDone?: (message: string) => void;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const cancel = useCancel();
  const noteId = useUniqueId();
  const titleId = useUniqueId();
  const close = () => {
    if (cancel.isPending) return;
    setOpen(false);
    cancel.reset();
  };
  const confirm = () =>
    cancel.mutate(
      { ...target, note: note.trim() || undefined },
      {
        onSuccess: () => {
          setOpen(false);
          setNote('');
          onDone?.(refundNote ? t('orders.cancel.doneWithRefund', { refundNote }) : t('orders.cancel.done'));
        },
      },
    );
  return (
    <>
      <Button variant={variant} size="sm" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal show={open} onHide={close} centered aria-labelledby={titleId}>
        <Modal.Header closeButton>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>
            {refundNote
              ? t('orders.cancel.warningWithRefund', { what, refundNote })
              : t('orders.cancel.warning', { what })}
          </p>
          <Form.Group controlId={noteId}>
            <Form.Label>{t('orders.cancel.why')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={500}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Form.Group>
          <ErrorAlert error={cancel.error} className="mt-3 mb-0" />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={cancel.isPending}>
            {t('orders.cancel.keep')}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={cancel.isPending} aria-busy={cancel.isPending}>
            {cancel.isPending ? (
              <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            ) : null}
            {t('orders.cancel.confirm')}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
