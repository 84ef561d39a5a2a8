import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { SettlementTotalsResponse } from '#shared/schemas/settlements.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useSettlementTotals } from '../api/settlements-admin.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { shortMonth } from '../lib/books.ts';
import { recentFinancialYears, rupees } from '../lib/labels.ts';
import './settlement-tables.css';

type Figures = SettlementTotalsResponse['totals'];

const COLUMN_KEYS: readonly (keyof Figures)[] = [
  'commission',
  'commissionGst',
  'tcs',
  'tds',
  'codFees',
  'adjustments',
  'paidOut',
];

function columnLabels(t: Translate): Record<keyof Figures, string> {
  return {
    commission: t('settlements.totals.commission'),
    commissionGst: t('settlements.totals.commissionGst'),
    tcs: t('settlements.totals.tcs'),
    tds: t('settlements.totals.tds'),
    codFees: t('settlements.totals.codFees'),
    adjustments: t('settlements.totals.adjustments'),
    paidOut: t('settlements.totals.paidOut'),
  };
}

/** '2026-27' → 'FY 2026-27 (Apr 2026 – Mar 2027)'. */
const fyLabel = (t: Translate, fy: string) => {
  const start = Number(fy.slice(0, 4));
  return t('settlements.totals.fy', {
    fy,
    from: shortMonth(`${String(start)}-04`, t.language.intl),
    to: shortMonth(`${String(start + 1)}-03`, t.language.intl),
  });
};

/** A signed adjustment: '+₹500.00' given to sellers, '−₹120.00' taken from them. */
const adjustment = (amount: number) =>
  amount > 0 ? `+${rupees(amount)}` : amount < 0 ? `−${rupees(-amount)}` : rupees(0);

function Cells({ figures }: { figures: Figures }) {
  return COLUMN_KEYS.map((key) => (
    <td key={key} className={`text-end text-nowrap${figures[key] === 0 ? ' text-body-secondary' : ''}`}>
      {key === 'adjustments' ? adjustment(figures[key]) : rupees(figures[key])}
    </td>
  ));
}

/**
 * 'Totals' (Admin): the operator's books per India month of a financial year, over every seller:
 * commission and its GST, TCS and TDS withheld, COD fees, manual adjustments and money paid out, with the
 * year's totals. On a phone the table scrolls sideways with the month column held in view.
 */
export function SettlementTotals() {
  const t = useT();
  const labels = columnLabels(t);
  const years = recentFinancialYears(2);
  const [fy, setFy] = useState(years[0]!);
  const totals = useSettlementTotals(fy);

  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <Form.Group controlId="totals-fy">
          <Form.Label className="small mb-1">{t('settlements.taxWithheld.financialYear')}</Form.Label>
          <Form.Select size="sm" value={fy} onChange={(e) => setFy(e.target.value)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {fyLabel(t, y)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <p className="small text-body-secondary mb-0 flex-grow-1" style={{ minWidth: '14rem' }}>
          {t('settlements.totals.intro')}
        </p>
      </div>
      {totals.isPending ? (
        <Loader label={t('settlements.totals.loading')} />
      ) : totals.error ? (
        <ErrorAlert error={totals.error} />
      ) : (
        // The scroll box takes keyboard focus, so the columns past a phone's edge can be reached (axe
        // scrollable-region-focusable).
        <div
          className="table-responsive"
          tabIndex={0}
          role="region"
          aria-label={t('settlements.totals.label', { fy: fyLabel(t, totals.data.fy) })}
        >
          <Table
            size="sm"
            className="small align-middle haat-books-sticky mb-2"
            aria-label={t('settlements.totals.label', { fy: fyLabel(t, totals.data.fy) })}
          >
            <thead>
              <tr>
                <th scope="col">{t('settlements.taxWithheld.month')}</th>
                {COLUMN_KEYS.map((key) => (
                  <th key={key} scope="col" className="text-end">
                    {labels[key]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {totals.data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="text-nowrap fw-normal">
                    {shortMonth(m.month, t.language.intl)}
                  </th>
                  <Cells figures={m} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-top border-2">
                <th scope="row">{t('settlements.taxWithheld.total')}</th>
                <Cells figures={totals.data.totals} />
              </tr>
            </tfoot>
          </Table>
        </div>
      )}
      <p className="small mb-0">
        {t.rich('settlements.totals.gstr8', {
          link: (chunks) => <Link to="/admin/gst#gst-documents">{chunks}</Link>,
        })}
      </p>
    </>
  );
}
