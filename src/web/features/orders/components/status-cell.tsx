import { useT } from '#web/lib/i18n/i18n.tsx';
import { istDay } from '../lib/dates.ts';

/**
 * A paid / delivered cell of the order tables: the date in green when it happened, a red "No" otherwise
 * (words, not only colour, so it reads without colour too).
 */
export function StatusCell({
  done,
  at,
  label,
  notLabel,
}: {
  done: boolean;
  at: string | null;
  label: string;
  /** The hidden words when it did not happen ('not paid'). */
  notLabel: string;
}) {
  const t = useT();
  return done ? (
    <span className="text-success text-nowrap">
      <span aria-hidden="true">✓ </span>
      {istDay(at, t.language.intl) || t('orders.status.yes')}
      <span className="visually-hidden"> ({label})</span>
    </span>
  ) : (
    <span className="text-danger text-nowrap">
      <span aria-hidden="true">✗ </span>
      {t('orders.status.no')}
      <span className="visually-hidden"> ({notLabel})</span>
    </span>
  );
}

/** The Paid and Delivered cells every order table shows side by side. */
export function PaidDeliveredCells({
  row,
}: {
  row: { isPaid: boolean; paidAt: string | null; isDelivered: boolean; deliveredAt: string | null };
}) {
  const t = useT();
  return (
    <>
      <td>
        <StatusCell
          done={row.isPaid}
          at={row.paidAt}
          label={t('orders.status.paid')}
          notLabel={t('orders.status.notPaid')}
        />
      </td>
      <td>
        <StatusCell
          done={row.isDelivered}
          at={row.deliveredAt}
          label={t('orders.status.delivered')}
          notLabel={t('orders.status.notDelivered')}
        />
      </td>
    </>
  );
}
