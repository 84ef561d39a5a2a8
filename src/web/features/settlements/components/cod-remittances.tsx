import Table from 'react-bootstrap/Table';
import type { CodCashResponse } from '#shared/schemas/settlements.ts';
import { Message } from '#web/components/alerts.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { formatDay } from '../lib/books.ts';
import { formatIndiaDate, rupees } from '../lib/labels.ts';
import './settlement-tables.css';

/** Recent cash remittances from Distributors, newest first; on a phone the table scrolls with the day in view. */
export function CodRemittances({ remittances }: { remittances: CodCashResponse['remittances'] }) {
  const t = useT();
  const locale = t.language.intl;
  if (remittances.length === 0)
    return <Message variant="secondary">{t('settlements.cod.noRemittances')}</Message>;
  return (
    <Table
      responsive
      size="sm"
      className="small align-middle haat-books-sticky"
      aria-label={t('settlements.cod.recentRemittances')}
    >
      <thead>
        <tr>
          <th scope="col">{t('settlements.cod.receivedOn')}</th>
          <th scope="col">{t('settlements.cod.distributor')}</th>
          <th scope="col" className="text-end">
            {t('settlements.payouts.amount')}
          </th>
          <th scope="col" className="text-end">
            {t('settlements.cod.orders')}
          </th>
          <th scope="col">{t('settlements.cod.reference')}</th>
          <th scope="col">{t('settlements.cod.recorded')}</th>
        </tr>
      </thead>
      <tbody>
        {remittances.map((r) => (
          <tr key={r._id}>
            <th scope="row" className="text-nowrap fw-normal">
              {formatDay(r.receivedOn, locale)}
            </th>
            <td>{r.distributorName}</td>
            <td className="text-end text-nowrap">{rupees(r.amount)}</td>
            <td className="text-end">{r.orderCount}</td>
            <td className="text-break">{r.reference}</td>
            <td className="text-nowrap">{formatIndiaDate(r.createdAt, locale)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
