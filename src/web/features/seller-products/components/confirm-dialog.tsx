import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * A yes/no question before a change (docs/product/messages.md confirmation prompts). A dialog rather than window.confirm:
 * it is styled like the app, keeps focus inside while open and names its buttons.
 */
export function ConfirmDialog({
  show,
  title,
  message,
  confirmLabel,
  variant = 'primary',
  pending = false,
  onConfirm,
  onCancel,
}: {
  show: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  variant?: 'primary' | 'danger' | 'warning';
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
          {t('sellerProducts.confirmDialog.cancel')}
        </Button>
        <Button variant={variant} onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
