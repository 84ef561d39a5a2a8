import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { SettlementTotalsResponse } from '#shared/schemas/settlements.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useSettlementTotals } from '../api/settlements-admin.ts';
import { shortMonth } from '../lib/books.ts';
import { recentFinancialYears, rupees } from '../lib/labels.ts';
import './settlement-tables.css';

type Figures = SettlementTotalsResponse['totals'];

const COLUMNS: readonly { key: keyof Figures; label: string }[] = [
  { key: 'commission', label: 'Commission earned' },
  { key: 'commissionGst', label: 'GST on commission' },
  { key: 'tcs', label: 'TCS collected' },
  { key: 'tds', label: 'TDS deducted' },
  { key: 'codFees', label: 'COD fees' },
  { key: 'adjustments', label: 'Adjustments' },
  { key: 'paidOut', label: 'Paid out' },
];

/** '2026-27' → 'FY 2026-27 (Apr 2026 – Mar 2027)'. */
const fyLabel = (fy: string) => {
  const start = Number(fy.slice(0, 4));
  return `FY ${fy} (Apr ${start} – Mar ${start + 1})`;
};

/** A signed adjustment: '+₹500.00' given to sellers, '−₹120.00' taken from them. */
const adjustment = (amount: number) =>
  amount > 0 ? `+${rupees(amount)}` : amount < 0 ? `−${rupees(-amount)}` : rupees(0);

function Cells({ figures }: { figures: Figures }) {
  return COLUMNS.map(({ key }) => (
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
  const years = recentFinancialYears(2);
  const [fy, setFy] = useState(years[0]!);
  const totals = useSettlementTotals(fy);

  return (
    <>
      <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
        <Form.Group controlId="totals-fy">
          <Form.Label className="small mb-1">Financial year</Form.Label>
          <Form.Select size="sm" value={fy} onChange={(e) => setFy(e.target.value)}>
            {years.map((y) => (
              <option key={y} value={y}>
                {fyLabel(y)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <p className="small text-body-secondary mb-0 flex-grow-1" style={{ minWidth: '14rem' }}>
          By India month, over every seller. Commission, GST, TCS, TDS and COD fees are net of reversals;
          adjustments show + for money given to sellers; paid out counts payouts the bank completed.
        </p>
      </div>
      {totals.isPending ? (
        <Loader label="Loading totals…" />
      ) : totals.error ? (
        <ErrorAlert error={totals.error} />
      ) : (
        // The scroll box takes keyboard focus, so the columns past a phone's edge can be reached (axe
        // scrollable-region-focusable).
        <div
          className="table-responsive"
          tabIndex={0}
          role="region"
          aria-label={`Settlement totals, ${fyLabel(totals.data.fy)}`}
        >
          <Table
            size="sm"
            className="small align-middle haat-books-sticky mb-2"
            aria-label={`Settlement totals, ${fyLabel(totals.data.fy)}`}
          >
            <thead>
              <tr>
                <th scope="col">Month</th>
                {COLUMNS.map(({ key, label }) => (
                  <th key={key} scope="col" className="text-end">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {totals.data.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="text-nowrap fw-normal">
                    {shortMonth(m.month)}
                  </th>
                  <Cells figures={m} />
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-top border-2">
                <th scope="row">Total</th>
                <Cells figures={totals.data.totals} />
              </tr>
            </tfoot>
          </Table>
        </div>
      )}
      <p className="small mb-0">
        The TCS amounts per seller GSTIN are in the GSTR-8 export on the{' '}
        <Link to="/admin/gst#gst-documents">GST page (GSTR-8 under Documents and returns)</Link>.
      </p>
    </>
  );
}
