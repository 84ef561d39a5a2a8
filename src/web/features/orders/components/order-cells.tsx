import { Link } from 'react-router';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * The order number of the order tables (HAAT-2026-000123, docs/product/after-the-order.md#order-numbers),
 * with a badge when it was cancelled. The UUID stays in the link's address only.
 */
export function OrderIdCell({
  id,
  number,
  cancelled,
  link = false,
}: {
  id: string;
  number: string;
  cancelled: boolean;
  link?: boolean;
}) {
  const t = useT();
  return (
    <td className="font-monospace small text-nowrap">
      {link ? (
        <Link to={`/order/${id}`} aria-label={t('orders.cells.order', { number })}>
          {number}
        </Link>
      ) : (
        number
      )}
      {cancelled ? <span className="badge text-bg-secondary ms-1">{t('orders.cells.cancelled')}</span> : null}
    </td>
  );
}

/** The Details button at the end of an order row. */
export function OrderDetailsCell({ id, number }: { id: string; number: string }) {
  const t = useT();
  return (
    <td>
      <Link
        to={`/order/${id}`}
        className="btn btn-sm btn-outline-primary"
        aria-label={t('orders.cells.detailsOf', { number })}
      >
        {t('orders.cells.details')}
      </Link>
    </td>
  );
}
