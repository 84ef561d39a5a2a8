import { type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { REFUND_STATES } from '#shared/fulfilment.ts';
import type { RefundListQuery } from '#shared/schemas/fulfilment.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { REFUND_METHOD_LABELS, refundMethodLabel, refundStateLabel } from '../lib/format.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

export type RefundFilterValues = Pick<RefundListQuery, 'state' | 'method' | 'from' | 'to' | 'order'>;

const METHODS = Object.keys(REFUND_METHOD_LABELS) as (keyof typeof REFUND_METHOD_LABELS)[];

/** State, method, dates and order number; applied on submit (the URL keeps them). */
export function RefundFilters({
  values,
  onApply,
}: {
  values: RefundFilterValues;
  onApply: (values: RefundFilterValues) => void;
}) {
  const t = useT();
  const id = useUniqueId();
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (k: string) => String(data.get(k) ?? '').trim() || undefined;
    onApply({
      state: text('state') as RefundFilterValues['state'],
      method: text('method') as RefundFilterValues['method'],
      from: text('from'),
      to: text('to'),
      order: text('order'),
    });
  };
  return (
    <Form
      onSubmit={onSubmit}
      className="mb-3"
      aria-label={t('refunds.filters.label')}
      key={JSON.stringify(values)}
    >
      <Row className="g-2 align-items-end">
        <Col xs={6} md={2}>
          <Form.Group controlId={`${id}-state`}>
            <Form.Label className="small mb-1">{t('refunds.filters.state')}</Form.Label>
            <Form.Select name="state" size="sm" defaultValue={values.state ?? ''}>
              <option value="">{t('refunds.filters.any')}</option>
              {REFUND_STATES.map((s) => (
                <option key={s} value={s}>
                  {refundStateLabel(s, t)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId={`${id}-method`}>
            <Form.Label className="small mb-1">{t('refunds.filters.method')}</Form.Label>
            <Form.Select name="method" size="sm" defaultValue={values.method ?? ''}>
              <option value="">{t('refunds.filters.any')}</option>
              {METHODS.map((m) => (
                <option key={m} value={m}>
                  {refundMethodLabel(t, m)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId={`${id}-from`}>
            <Form.Label className="small mb-1">{t('refunds.filters.from')}</Form.Label>
            <Form.Control type="date" name="from" size="sm" defaultValue={values.from ?? ''} />
          </Form.Group>
        </Col>
        <Col xs={6} md={2}>
          <Form.Group controlId={`${id}-to`}>
            <Form.Label className="small mb-1">{t('refunds.filters.to')}</Form.Label>
            <Form.Control type="date" name="to" size="sm" defaultValue={values.to ?? ''} />
          </Form.Group>
        </Col>
        <Col xs={8} md={2}>
          <Form.Group controlId={`${id}-order`}>
            <Form.Label className="small mb-1">{t('refunds.filters.order')}</Form.Label>
            <Form.Control
              name="order"
              size="sm"
              placeholder={t('refunds.filters.orderPlaceholder')}
              maxLength={40}
              defaultValue={values.order ?? ''}
            />
          </Form.Group>
        </Col>
        <Col xs={4} md={2}>
          <Button type="submit" size="sm" className="w-100">
            {t('refunds.filters.submit')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
