import Table from 'react-bootstrap/Table';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { useTaxWithheld, type LedgerOwner } from '../api/ledger.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { monthName, recentFinancialYears, rupees } from '../lib/labels.ts';
import './settlement-tables.css';

const rate = (r: string | null) => (r === null ? '' : ` (${r.includes('.') ? r.replace(/\.?0+$/, '') : r}%)`);
const monthLabel = (m: string, locale: string) => (/^\d{4}-\d{2}$/.test(m) ? monthName(m, locale) : m);

/**
 * TCS (section 52 CGST) and TDS (section 194-O) withheld from a seller per India month of a financial
 * year, with the totals: the figures of the certificates Haat issues (Form 27D, Form 16A). The year is
 * chosen here; on a phone the table scrolls sideways with the month held in view.
 */
export function TaxWithheldSection({
  owner,
  fy,
  onFy,
}: {
  owner: LedgerOwner;
  fy: string;
  onFy: (fy: string) => void;
}) {
  const t = useT();
  const data = useTaxWithheld(owner, fy);
  const years = recentFinancialYears(4);
  const months = (data.data?.months ?? []).filter(
    (m) => m.gross !== 0 || m.returned !== 0 || m.tcs !== 0 || m.tds !== 0,
  );
  if (!years.includes(fy)) years.push(fy);
  return (
    <section aria-labelledby="tcs-tds-heading" className="mb-4">
      <div className="d-flex flex-wrap align-items-end justify-content-between gap-2 mb-2">
        <h2 id="tcs-tds-heading" className="h5 mb-0">
          {t('settlements.taxWithheld.heading')}
        </h2>
        <div>
          <label htmlFor="tcs-tds-fy" className="form-label small mb-1">
            {t('settlements.taxWithheld.financialYear')}
          </label>
          <select
            id="tcs-tds-fy"
            className="form-select form-select-sm"
            value={fy}
            onChange={(ev) => onFy(ev.target.value)}
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="small text-body-secondary">{t('settlements.taxWithheld.intro')}</p>
      {data.isPending ? (
        <Loader label={t('settlements.taxWithheld.loading')} />
      ) : data.error ? (
        <ErrorAlert error={data.error} />
      ) : months.length === 0 ? (
        <Message variant="secondary">{t('settlements.taxWithheld.noSales', { fy })}</Message>
      ) : (
        // Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (WCAG 2.1.1).
        <div className="table-responsive" tabIndex={0} role="region" aria-labelledby="tcs-tds-heading">
          <Table
            size="sm"
            striped
            className="align-middle haat-books-sticky"
            aria-label={t('settlements.taxWithheld.tableLabel', { fy })}
          >
            <thead>
              <tr>
                <th scope="col">{t('settlements.taxWithheld.month')}</th>
                <th scope="col" className="text-end">
                  {t('settlements.taxWithheld.gross')}
                </th>
                <th scope="col" className="text-end">
                  {t('settlements.taxWithheld.returned')}
                </th>
                <th scope="col" className="text-end">
                  {t('settlements.taxWithheld.net')}
                </th>
                <th scope="col" className="text-end">
                  {t('settlements.taxWithheld.tcs')}
                </th>
                <th scope="col" className="text-end">
                  {t('settlements.taxWithheld.tds')}
                </th>
              </tr>
            </thead>
            <tbody>
              {months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="fw-normal text-nowrap">
                    {monthLabel(m.month, t.language.intl)}
                  </th>
                  <td className="text-end text-nowrap">{rupees(m.gross)}</td>
                  <td className="text-end text-nowrap">{rupees(m.returned)}</td>
                  <td className="text-end text-nowrap">{rupees(m.net)}</td>
                  <td className="text-end text-nowrap">
                    {rupees(m.tcs)}
                    <span className="small text-body-secondary">{rate(m.tcsRate)}</span>
                  </td>
                  <td className="text-end text-nowrap">
                    {rupees(m.tds)}
                    <span className="small text-body-secondary">{rate(m.tdsRate)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="fw-semibold">
                <th scope="row">{t('settlements.taxWithheld.total')}</th>
                <td className="text-end text-nowrap">{rupees(data.data.totals.gross)}</td>
                <td className="text-end text-nowrap">{rupees(data.data.totals.returned)}</td>
                <td className="text-end text-nowrap">{rupees(data.data.totals.net)}</td>
                <td className="text-end text-nowrap">{rupees(data.data.totals.tcs)}</td>
                <td className="text-end text-nowrap">{rupees(data.data.totals.tds)}</td>
              </tr>
            </tfoot>
          </Table>
        </div>
      )}
    </section>
  );
}
