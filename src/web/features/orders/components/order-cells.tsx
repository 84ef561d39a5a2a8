import { Link } from 'react-router';

/** The short order number of the order tables (full id on hover), with a badge when it was cancelled. */
export function OrderIdCell({
  id,
  cancelled,
  link = false,
}: {
  id: string;
  cancelled: boolean;
  link?: boolean;
}) {
  const short = id.slice(0, 8);
  return (
    <td className="font-monospace small text-nowrap" title={id}>
      {link ? (
        <Link to={`/order/${id}`} aria-label={`Order ${id}`}>
          {short}
        </Link>
      ) : (
        short
      )}
      {cancelled ? <span className="badge text-bg-secondary ms-1">Cancelled</span> : null}
    </td>
  );
}

/** The Details button at the end of an order row. */
export function OrderDetailsCell({ id }: { id: string }) {
  return (
    <td>
      <Link
        to={`/order/${id}`}
        className="btn btn-sm btn-outline-primary"
        aria-label={`Details of order ${id}`}
      >
        Details
      </Link>
    </td>
  );
}
