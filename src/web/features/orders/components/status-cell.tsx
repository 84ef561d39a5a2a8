import { istDay } from '../lib/dates.ts';

/**
 * A paid / delivered cell of the order tables: the date in green when it happened, a red "No" otherwise
 * (words, not only colour, so it reads without colour too).
 */
export function StatusCell({ done, at, label }: { done: boolean; at: string | null; label: string }) {
  return done ? (
    <span className="text-success text-nowrap">
      <span aria-hidden="true">✓ </span>
      {istDay(at) || 'Yes'}
      <span className="visually-hidden"> ({label})</span>
    </span>
  ) : (
    <span className="text-danger text-nowrap">
      <span aria-hidden="true">✗ </span>No
      <span className="visually-hidden"> (not {label.toLowerCase()})</span>
    </span>
  );
}

/** The Paid and Delivered cells every order table shows side by side. */
export function PaidDeliveredCells({
  row,
}: {
  row: { isPaid: boolean; paidAt: string | null; isDelivered: boolean; deliveredAt: string | null };
}) {
  return (
    <>
      <td>
        <StatusCell done={row.isPaid} at={row.paidAt} label="Paid" />
      </td>
      <td>
        <StatusCell done={row.isDelivered} at={row.deliveredAt} label="Delivered" />
      </td>
    </>
  );
}
