import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { COURIER_NAMES, findCourier, OTHER_COURIER, validateTracking } from '#shared/couriers.ts';
import { SHIP_MSG } from '#shared/schemas/fulfilment.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { isApiError } from '#web/lib/api-client.ts';
import type { ShipBody } from '#shared/schemas/fulfilment.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * Mark a packed shipment shipped: the courier from the shared list (or another one, named) and its
 * tracking number, checked with the same `validateTracking` the server applies, so a number of the wrong
 * courier is explained here, next to the field, before anything is sent.
 */
export function ShipDialog({
  show,
  orderNumber,
  pending,
  error,
  onShip,
  onClose,
}: {
  show: boolean;
  orderNumber: string;
  pending: boolean;
  error: unknown;
  onShip: (body: ShipBody) => void;
  onClose: () => void;
}) {
  const t = useT();
  const id = useUniqueId();
  const [choice, setChoice] = useState('');
  const [otherName, setOtherName] = useState('');
  const [tracking, setTracking] = useState('');
  const [errors, setErrors] = useState<{ courier?: string; trackingNumber?: string }>({});

  const known = findCourier(choice);
  const courier = choice === OTHER_COURIER ? otherName.trim() : choice;
  // Field errors the server answered (400) show beside their fields like ours.
  const serverFields = isApiError(error)
    ? Object.fromEntries(error.errors.map((e) => [e.path, e.message]))
    : {};
  const courierError = errors.courier ?? serverFields.courier;
  const trackingError = errors.trackingNumber ?? serverFields.trackingNumber;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!courier) return setErrors({ courier: SHIP_MSG.courier });
    if (!tracking.trim()) return setErrors({ trackingNumber: SHIP_MSG.tracking });
    const check = validateTracking(courier, tracking);
    if (!check.ok) return setErrors({ [check.field]: check.message });
    setErrors({});
    onShip({ courier: check.courier, trackingNumber: check.trackingNumber });
  };

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby={`${id}-title`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {t.rich('shipments.shipDialog.title', {
              number: orderNumber,
              nowrap: (chunks) => <span className="text-nowrap">{chunks}</span>,
            })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErrorAlert error={isApiError(error) && error.errors.length > 0 ? null : error} />
          <Form.Group className="mb-3" controlId={`${id}-courier`}>
            <Form.Label>{t('shipments.shipDialog.courier')}</Form.Label>
            <Form.Select
              value={choice}
              onChange={(e) => {
                setChoice(e.target.value);
                setErrors({});
              }}
              isInvalid={!!courierError && choice !== OTHER_COURIER}
            >
              <option value="">{t('shipments.shipDialog.chooseCourier')}</option>
              {COURIER_NAMES.map((name) => (
                <option key={name} value={name}>
                  {name === OTHER_COURIER ? t('shipments.shipDialog.anotherCourier') : name}
                </option>
              ))}
            </Form.Select>
            {choice !== OTHER_COURIER ? (
              <Form.Control.Feedback type="invalid">{courierError}</Form.Control.Feedback>
            ) : null}
          </Form.Group>
          {choice === OTHER_COURIER ? (
            <Form.Group className="mb-3" controlId={`${id}-other`}>
              <Form.Label>{t('shipments.shipDialog.courierName')}</Form.Label>
              <Form.Control
                value={otherName}
                maxLength={60}
                onChange={(e) => setOtherName(e.target.value)}
                isInvalid={!!courierError}
              />
              <Form.Control.Feedback type="invalid">{courierError}</Form.Control.Feedback>
            </Form.Group>
          ) : null}
          <Form.Group controlId={`${id}-tracking`}>
            <Form.Label>{t('shipments.shipDialog.trackingNumber')}</Form.Label>
            <Form.Control
              value={tracking}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              onChange={(e) => {
                setTracking(e.target.value);
                if (errors.trackingNumber) setErrors({});
              }}
              isInvalid={!!trackingError}
              aria-describedby={`${id}-tracking-hint`}
            />
            <Form.Control.Feedback type="invalid">{trackingError}</Form.Control.Feedback>
            <Form.Text id={`${id}-tracking-hint`}>
              {known
                ? t('shipments.shipDialog.looksLike', { courier: known.name, example: known.example })
                : choice === OTHER_COURIER
                  ? t('shipments.shipDialog.otherFormat')
                  : t('shipments.shipDialog.chooseFirst')}
            </Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={pending}>
            {t('shipments.shipDialog.back')}
          </Button>
          <Button type="submit" variant="primary" disabled={pending} aria-busy={pending || undefined}>
            {t('shipments.shipDialog.confirm')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
