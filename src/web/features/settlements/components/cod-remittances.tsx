import Table from 'react-bootstrap/Table';
import type { CodCashResponse } from '#shared/schemas/settlements.ts';
import { Message } from '#web/components/alerts.tsx';
import { formatDay } from '../lib/books.ts';
import { formatIndiaDate, rupees } from '../lib/labels.ts';
import './settlement-tables.css';

/** Recent cash remittances from Distributors, newest first; on a phone the table scrolls with the day in view. */
export function CodRemittances({ remittances }: { remittances: CodCashResponse['remittances'] }) {
  if (remittances.length === 0) return <Message variant="secondary">No remittances recorded yet.</Message>;
  return (
    <Table
      responsive
      size="sm"
      className="small align-middle haat-books-sticky"
      aria-label="Recent remittances"
    >
      <thead>
        <tr>
          <th scope="col">Received on</th>
          <th scope="col">Distributor</th>
          <th scope="col" className="text-end">
            Amount
          </th>
          <th scope="col" className="text-end">
            Orders
          </th>
          <th scope="col">Reference</th>
          <th scope="col">Recorded</th>
        </tr>
      </thead>
      <tbody>
        {remittances.map((r) => (
          <tr key={r._id}>
            <th scope="row" className="text-nowrap fw-normal">
              {formatDay(r.receivedOn)}
            </th>
            <td>{r.distributorName}</td>
            <td className="text-end text-nowrap">{rupees(r.amount)}</td>
            <td className="text-end">{r.orderCount}</td>
            <td className="text-break">{r.reference}</td>
            <td className="text-nowrap">{formatIndiaDate(r.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
