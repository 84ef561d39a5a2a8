import type { SizeChart } from '#shared/schemas/product.ts';
import { displayMeasurement, rowIndexOf, type SizeChartUnit } from '#shared/size-charts.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * A size chart as a real table: a caption naming it and the unit, measurement names as column headers,
 * each size as its row's header, values in `unit` (converted from the chart's own when they differ).
 * The row of `highlight` (the size the buyer picked) is marked.
 */
export function SizeChartTable({
  chart,
  unit,
  highlight,
  caption,
}: {
  chart: Pick<SizeChart, 'name' | 'unit' | 'columns' | 'rows'>;
  unit: SizeChartUnit;
  highlight?: string | undefined;
  /** Replaces the default caption (`name, in cm`). */
  caption?: string;
}) {
  const t = useT();
  const marked = rowIndexOf(chart.rows, highlight);
  return (
    <div className="table-responsive">
      <table className="table table-sm table-striped align-middle mb-0 haat-size-chart">
        <caption className="caption-top text-body-secondary small pt-0">
          {caption ??
            (unit === 'cm'
              ? t('sizeCharts.table.captionCm', { name: chart.name })
              : t('sizeCharts.table.captionInches', { name: chart.name }))}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('sizeCharts.table.size')}</th>
            {chart.columns.map((c) => (
              <th scope="col" key={c} className="text-end">
                {c} <span className="fw-normal text-body-secondary">({unit})</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row, i) => (
            <tr key={row.size} className={i === marked ? 'table-primary' : undefined}>
              <th scope="row">
                {row.size}
                {i === marked ? (
                  <span className="visually-hidden"> {t('sizeCharts.table.yourSize')}</span>
                ) : null}
              </th>
              {row.values.map((v, j) => (
                <td key={chart.columns[j] ?? j} className="text-end font-monospace">
                  {displayMeasurement(v, chart.unit as SizeChartUnit, unit)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
