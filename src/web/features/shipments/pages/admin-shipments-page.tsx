import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import type { ShipmentListQuery } from '#shared/schemas/fulfilment.ts';
import { ShipmentList } from '../components/shipment-list.tsx';
import { isShipmentTab, type ShipmentTab } from '../lib/tabs.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const dateParam = (v: string | null) => (v && DATE.test(v) ? v : undefined);

/**
 * /admin/shipments (Admin, Distributor): every shipment, by state, seller, date placed and pincode, with
 * Mark delivered and Returned to origin on shipped ones (docs/decisions/0115-seller-and-operator-views.md).
 */
export function AdminShipmentsPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state: ShipmentTab | undefined = isShipmentTab(raw) ? raw : undefined;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const pincodeParam = params.get('pincode') ?? '';
  const query: ShipmentListQuery = {
    pageNumber: page,
    state,
    seller: params.get('seller') ?? undefined,
    from: dateParam(params.get('from')),
    to: dateParam(params.get('to')),
    pincode: /^\d{1,6}$/.test(pincodeParam) ? pincodeParam : undefined,
  };
  const [from, setFrom] = useState(query.from ?? '');
  const [to, setTo] = useState(query.to ?? '');
  const [pincode, setPincode] = useState(query.pincode ?? '');
  const sellerName = params.get('sellerName');

  const withParams = (change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(params);
    change(next);
    next.delete('page'); // a new filter starts at page 1
    return next;
  };
  const href = (change: (next: URLSearchParams) => void) => `?${withParams(change).toString()}`;
  const onFilter = (e: FormEvent) => {
    e.preventDefault();
    setParams(
      withParams((next) => {
        for (const [k, v] of [
          ['from', from],
          ['to', to],
          ['pincode', pincode.trim()],
        ] as const) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
      }),
    );
  };
  const pincodeInvalid = pincode.trim() !== '' && !/^\d{1,6}$/.test(pincode.trim());

  return (
    <section>
      <PageHead title={t('shipments.pageTitle')} />
      <h1 className="h3 mb-3">{t('shipments.heading')}</h1>
      <Form
        className="row g-2 align-items-end mb-3"
        aria-label={t('shipments.admin.filter')}
        onSubmit={onFilter}
        noValidate
      >
        <Form.Group className="col-6 col-sm-auto" controlId="shipments-from">
          <Form.Label className="small mb-1">{t('shipments.admin.placedFrom')}</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </Form.Group>
        <Form.Group className="col-6 col-sm-auto" controlId="shipments-to">
          <Form.Label className="small mb-1">{t('shipments.admin.placedUntil')}</Form.Label>
          <Form.Control
            type="date"
            size="sm"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </Form.Group>
        <Form.Group className="col-6 col-sm-auto" controlId="shipments-pincode">
          <Form.Label className="small mb-1">{t('shipments.admin.pincode')}</Form.Label>
          <Form.Control
            size="sm"
            inputMode="numeric"
            maxLength={6}
            placeholder={t('shipments.admin.pincodePlaceholder')}
            value={pincode}
            onChange={(e) => setPincode(e.target.value)}
            isInvalid={pincodeInvalid}
          />
          <Form.Control.Feedback type="invalid">{t('shipments.admin.pincodeInvalid')}</Form.Control.Feedback>
        </Form.Group>
        <div className="col-6 col-sm-auto">
          <Button type="submit" size="sm" variant="outline-primary" disabled={pincodeInvalid}>
            {t('shipments.admin.apply')}
          </Button>
        </div>
      </Form>
      {query.seller ? (
        <p className="d-flex align-items-center gap-2 small">
          <span className="badge text-bg-light border d-inline-flex align-items-center gap-2 py-2">
            {t('shipments.admin.seller', { name: sellerName ?? t('shipments.admin.oneSeller') })}
            <CloseButton
              aria-label={t('shipments.admin.everySeller')}
              style={{ fontSize: '0.6rem' }}
              onClick={() =>
                setParams(
                  withParams((next) => {
                    next.delete('seller');
                    next.delete('sellerName');
                  }),
                )
              }
            />
          </span>
        </p>
      ) : (
        <p className="small text-body-secondary">{t('shipments.admin.chooseSeller')}</p>
      )}
      <ShipmentList
        scope="all"
        query={query}
        allHref={href((next) => next.delete('state'))}
        tabHref={(s) => href((next) => next.set('state', s))}
        pageHref={(n) => {
          const next = new URLSearchParams(params);
          next.set('page', String(n));
          return `?${next.toString()}`;
        }}
        empty={t('shipments.admin.empty')}
        onSeller={(id, name) =>
          setParams(
            withParams((next) => {
              next.set('seller', id);
              next.set('sellerName', name);
            }),
          )
        }
      />
    </section>
  );
}
