import type { Refund } from '#shared/schemas/fulfilment.ts';
import { Money } from '#web/components/price.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { REFUND_STATE_BADGES, formatDate, refundMethodLabel, refundStateLabel } from '../lib/format.ts';

/**
 * An order's refunds as its buyer (or the operator) reads them: amount, state in words, how it goes back,
 * and when it was paid or is due (docs/decisions/0111-refunds.md).
 */
export function RefundStatusList({ refunds }: { refunds: readonly Refund[] }) {
  const t = useT();
  const locale = t.language.intl;
  if (refunds.length === 0) return null;
  return (
    <ul className="list-group mb-3" aria-label={t('refunds.list.label')}>
      {refunds.map((r) => (
        <li key={r._id} className="list-group-item">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <span className="fw-semibold">
              {t.rich('refunds.list.refundOf', { amount: <Money amount={r.amount} currency={r.currency} /> })}
            </span>
            <span className={`badge ${REFUND_STATE_BADGES[r.state]}`}>{refundStateLabel(r.state, t)}</span>
          </div>
          <div className="small">{r.reason}</div>
          <div className="small text-body-secondary">
            {refundMethodLabel(t, r.method)}
            {' · '}
            {r.state === 'processed' && r.processedAt
              ? t('refunds.list.refundedOn', { date: formatDate(r.processedAt, locale) })
              : t('refunds.list.dueBy', { date: formatDate(r.dueBy, locale) })}
            {r.reference ? ` · ${t('refunds.list.reference', { reference: r.reference })}` : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
