import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { kindOptions, type KindFilterValue } from '../lib/format.ts';

/**
 * The month (India calendar) and kind of the document lists. Changes apply at once; the values live in the
 * page's URL so a list can be shared and survives a reload.
 */
export function DocumentFilters({
  month,
  kind,
  onMonth,
  onKind,
  children,
}: {
  month: string;
  kind: KindFilterValue;
  onMonth: (month: string) => void;
  onKind: (kind: KindFilterValue) => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="row g-2 align-items-end mb-3">
      <Form.Group className="col-6 col-sm-auto" controlId="documents-month">
        <Form.Label className="small mb-1">{t('gst.filters.month')}</Form.Label>
        <Form.Control
          type="month"
          size="sm"
          value={month}
          required
          onChange={(e) => {
            if (/^\d{4}-\d{2}$/.test(e.target.value)) onMonth(e.target.value);
          }}
        />
      </Form.Group>
      <Form.Group className="col-6 col-sm-auto" controlId="documents-kind">
        <Form.Label className="small mb-1">{t('gst.filters.kind')}</Form.Label>
        <Form.Select size="sm" value={kind} onChange={(e) => onKind(e.target.value as KindFilterValue)}>
          {kindOptions(t).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {children}
    </div>
  );
}
