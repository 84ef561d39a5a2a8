import { Fragment, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { SizeChart } from '#shared/schemas/product.ts';
import { SIZE_CHART_UNITS, type SizeChartUnit } from '#shared/size-charts.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { SizeChartTable } from './size-chart-table.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * The product page's "Size chart" button and the dialog it opens (docs/product/catalog.md#size-charts).
 * A react-bootstrap Modal: focus moves into it and stays there, Escape and the close button close it, and
 * focus returns to the button. The cm/in toggle converts for display only; it starts at the chart's unit.
 */
export function SizeChartButton({
  chart,
  size,
  className,
}: {
  chart: SizeChart;
  /** The size picked on the page, highlighted in the table. */
  size?: string | undefined;
  className?: string;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [unit, setUnit] = useState<SizeChartUnit>(chart.unit);
  const titleId = useUniqueId();
  const unitName = useUniqueId();
  return (
    <>
      <button
        type="button"
        className={`btn btn-link btn-sm p-0 align-baseline ${className ?? ''}`}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {t('sizeCharts.dialog.button')}
      </button>
      <Modal show={open} onHide={() => setOpen(false)} centered scrollable aria-labelledby={titleId}>
        <Modal.Header closeButton closeLabel={t('sizeCharts.dialog.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('sizeCharts.dialog.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <fieldset className="d-flex align-items-center gap-2 mb-3">
            <legend className="small text-body-secondary float-none w-auto mb-0 me-1 fs-6">
              {t('sizeCharts.dialog.showIn')}
            </legend>
            <div className="btn-group">
              {SIZE_CHART_UNITS.map((u) => (
                <Fragment key={u}>
                  <input
                    type="radio"
                    className="btn-check"
                    name={unitName}
                    id={`${unitName}-${u}`}
                    value={u}
                    checked={unit === u}
                    onChange={() => setUnit(u)}
                  />
                  <label className="btn btn-outline-primary" htmlFor={`${unitName}-${u}`}>
                    {u === 'cm' ? t('sizeCharts.units.cm') : t('sizeCharts.units.inches')}
                  </label>
                </Fragment>
              ))}
            </div>
          </fieldset>
          <SizeChartTable
            chart={chart}
            unit={unit}
            highlight={size}
            caption={unit === 'cm' ? t('sizeCharts.dialog.captionCm') : t('sizeCharts.dialog.captionInches')}
          />
          <p className="small text-body-secondary mt-3 mb-0">
            {unit === chart.unit
              ? unit === 'cm'
                ? t('sizeCharts.dialog.asMeasuredCm')
                : t('sizeCharts.dialog.asMeasuredInches')
              : chart.unit === 'cm'
                ? t('sizeCharts.dialog.convertedFromCm')
                : t('sizeCharts.dialog.convertedFromInches')}{' '}
            {t('sizeCharts.dialog.compare')}
          </p>
        </Modal.Body>
      </Modal>
    </>
  );
}
