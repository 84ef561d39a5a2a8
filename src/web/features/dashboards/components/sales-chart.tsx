import type { DashboardDay } from '#shared/schemas/dashboard.ts';
import { formatDay } from '#web/lib/format.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * The last 30 days as bars (sales per day, cancellations as a red mark under the day), drawn in inline
 * SVG: no chart library for 30 rectangles. The SVG is hidden from screen readers; the same figures are
 * in the table below it, which sighted keyboard users can open too.
 */
export function SalesChart({ days, formatInr }: { days: DashboardDay[]; formatInr: (n: number) => string }) {
  const t = useT();
  const locale = t.language.intl;
  const captionId = useUniqueId();
  const max = Math.max(...days.map((d) => d.sales), 0);
  const W = 300;
  const H = 100;
  const bar = W / days.length;
  return (
    <figure className="mb-0" aria-labelledby={captionId}>
      <svg
        viewBox={`0 0 ${W} ${H + 8}`}
        className="w-100"
        style={{ maxHeight: '12rem' }}
        aria-hidden="true"
        focusable="false"
        preserveAspectRatio="none"
      >
        <line x1="0" y1={H} x2={W} y2={H} stroke="var(--bs-border-color)" strokeWidth="0.5" />
        {days.map((d, i) => {
          const h = max > 0 ? (d.sales / max) * (H - 4) : 0;
          return (
            <g key={d.date}>
              {h > 0 ? (
                <rect x={i * bar + bar * 0.15} y={H - h} width={bar * 0.7} height={h} rx="1" fill="#0a4f4c">
                  <title>{`${formatDay(d.date, locale)}: ${formatInr(d.sales)}`}</title>
                </rect>
              ) : null}
              {d.cancellations > 0 ? (
                <rect x={i * bar + bar * 0.15} y={H + 3} width={bar * 0.7} height="4" fill="#dc3545" />
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption id={captionId} className="small text-body-secondary d-flex flex-wrap gap-3">
        <span>
          <span aria-hidden="true" style={{ color: '#0a4f4c' }}>
            ■
          </span>{' '}
          {t('dashboards.chart.salesPerDay', {
            from: formatDay(days[0]?.date, locale),
            to: formatDay(days.at(-1)?.date, locale),
          })}
        </span>
        <span>
          <span aria-hidden="true" className="text-danger">
            ■
          </span>{' '}
          {t('dashboards.chart.cancellationDays')}
        </span>
      </figcaption>
      <details className="mt-2">
        <summary className="small">{t('dashboards.chart.showFigures')}</summary>
        <div className="table-responsive" style={{ maxHeight: '18rem' }}>
          <table className="table table-sm small mb-0">
            <caption className="visually-hidden">{t('dashboards.chart.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboards.chart.day')}</th>
                <th scope="col" className="text-end">
                  {t('dashboards.chart.sales')}
                </th>
                <th scope="col" className="text-end">
                  {t('dashboards.chart.units')}
                </th>
                <th scope="col" className="text-end">
                  {t('dashboards.chart.cancelled')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((d) => (
                <tr key={d.date}>
                  <th scope="row" className="fw-normal text-nowrap">
                    {formatDay(d.date, locale)}
                  </th>
                  <td className="text-end">{formatInr(d.sales)}</td>
                  <td className="text-end">{d.units}</td>
                  <td className="text-end">{d.cancellations}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
