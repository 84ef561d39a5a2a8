import {
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import {
  recordPayoutBody,
  SETTLEMENT_MSG,
  type PayoutBatchWire,
  type PayoutWire,
} from '#shared/schemas/settlements.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { rupees } from '../lib/labels.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { railLabels } from './payout-batch-words.ts';
import { Said } from '#web/components/said.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * The payout screen's dialogs. Each keeps focus inside while open (react-bootstrap's Modal) and gives it
 * back on closing: to the control that opened it, or, when that control is gone (a batch approved no
 * longer shows 'Approve and pay'), to `fallback` (the batch's heading).
 */
function useFocusReturn(fallback?: RefObject<HTMLElement | null>) {
  const opener = useRef<Element | null>(typeof document === 'undefined' ? null : document.activeElement);
  useEffect(
    () => () => {
      // The Modal gives focus back to the opener as it unmounts; after that, check it got somewhere.
      window.setTimeout(() => {
        const el = opener.current;
        if (el instanceof HTMLElement && el.isConnected) el.focus();
        else fallback?.current?.focus();
      }, 0);
    },
    [fallback],
  );
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round the dialog's controls instead of leaving it (the Modal alone only pulls
 * focus back once it has reached the page behind).
 */
function trapTab(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(TABBABLE));
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/** 'Approve and pay': states what is paid, to how many sellers and how, before anything moves. */
export function ApproveBatchDialog({
  batch,
  pending,
  error,
  onApprove,
  onClose,
  fallbackFocus,
}: {
  batch: PayoutBatchWire;
  pending: boolean;
  error: unknown;
  onApprove: () => void;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const id = useUniqueId();
  useFocusReturn(fallbackFocus);
  const values = {
    strong: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
    total: rupees(batch.total),
    count: batch.count,
    rail: railLabels(t)[batch.rail],
  };
  return (
    <Modal show onHide={onClose} onKeyDown={trapTab} centered aria-labelledby={`${id}-t`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${id}-t`} as="h2" className="h5">
          {t('settlements.approve.title', { number: String(batch.number) })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>
          {batch.rail === 'razorpayx'
            ? t.rich('settlements.approve.paysThrough', values)
            : t.rich('settlements.approve.paysBy', values)}
        </p>
        <p className="small text-body-secondary mb-0">
          {batch.rail === 'razorpayx'
            ? t('settlements.approve.razorpayxNote')
            : t('settlements.approve.bankFileNote')}
        </p>
        <ErrorAlert error={error} className="mt-3 mb-0" />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={pending} autoFocus>
          {t('settlements.cancel')}
        </Button>
        <Button onClick={onApprove} disabled={pending} aria-busy={pending || undefined}>
          {t('settlements.approve.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/** A decision that needs a reason (rejecting a batch or a payout account): at least 5 characters. */
export function ReasonDialog({
  title,
  intro,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  fallbackFocus,
}: {
  title: string;
  intro: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const id = useUniqueId();
  useFocusReturn(fallbackFocus);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (text.length < 5) return setInvalid(true);
    setInvalid(false);
    onConfirm(text);
  };
  return (
    <Modal show onHide={onClose} onKeyDown={trapTab} centered aria-labelledby={`${id}-t`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-t`} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{intro}</p>
          <ErrorAlert error={error} />
          <Form.Group controlId={`${id}-reason`}>
            <Form.Label>{t('settlements.dialog.reason')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              autoFocus
              value={reason}
              maxLength={300}
              onChange={(e) => {
                setReason(e.target.value);
                setInvalid(false);
              }}
              isInvalid={invalid}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-reason-error` : undefined}
            />
            <Form.Control.Feedback type="invalid" id={`${id}-reason-error`}>
              <Said text={SETTLEMENT_MSG.reason} />
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
            {t('settlements.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={pending} aria-busy={pending || undefined}>
            {confirmLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

/** 'Record UTR' for a bank-file payout the bank has paid: the payout becomes Paid. */
export function RecordUtrDialog({
  payout,
  pending,
  error,
  onRecord,
  onClose,
  fallbackFocus,
}: {
  payout: PayoutWire;
  pending: boolean;
  error: unknown;
  onRecord: (utr: string) => void;
  onClose: () => void;
  fallbackFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const id = useUniqueId();
  useFocusReturn(fallbackFocus);
  const [utr, setUtr] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = recordPayoutBody.safeParse({ utr });
    if (!parsed.success) return setMessage(parsed.error.issues[0]?.message ?? t('settlements.utr.check'));
    setMessage(null);
    onRecord(parsed.data.utr);
  };
  return (
    <Modal show onHide={onClose} onKeyDown={trapTab} centered aria-labelledby={`${id}-t`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-t`} as="h2" className="h5">
            {t('settlements.utr.title', { seller: payout.sellerName })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-2">
            {t.rich('settlements.utr.amountTo', {
              amount: rupees(payout.amount),
              destination: payout.destination,
              wrap: (chunks) => <span className="text-break">{chunks}</span>,
            })}
          </p>
          <p className="small text-body-secondary">{t('settlements.utr.intro')}</p>
          <ErrorAlert error={error} />
          <Form.Group controlId={`${id}-utr`}>
            <Form.Label>{t('settlements.utr.label')}</Form.Label>
            <Form.Control
              value={utr}
              onChange={(e) => {
                setUtr(e.target.value);
                setMessage(null);
              }}
              maxLength={22}
              autoComplete="off"
              autoFocus
              isInvalid={!!message}
              aria-invalid={!!message || undefined}
              aria-describedby={message ? `${id}-utr-error` : undefined}
            />
            <Form.Control.Feedback type="invalid" id={`${id}-utr-error`}>
              {message}
            </Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
            {t('settlements.cancel')}
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
            {t('settlements.utr.record')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
