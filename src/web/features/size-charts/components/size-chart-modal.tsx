import { Fragment, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { SizeChart } from '#shared/schemas/product.ts';
import { SIZE_CHART_UNITS, type SizeChartUnit } from '#shared/size-charts.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';
import { SizeChartTable } from './size-chart-table.tsx';

/** The size chart dialog SizeChartButton opens (size-chart-dialog.tsx), loaded on first use. */
export default function SizeChartModal({
  chart,
  size,
  open,
  onClose,
}: {
  chart: SizeChart;
  size?: string | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const [unit, setUnit] = useState<SizeChartUnit>(chart.unit);
  const titleId = useUniqueId();
  const unitName = useUniqueId();
  return (
    <Modal show={open} onHide={onClose} centered scrollable aria-labelledby={titleId}>
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
  );
}
