import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { SizeChart } from '#shared/schemas/product.ts';
import type { SizeChartUnit } from '#shared/size-charts.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';
import { SizeChartTable } from './size-chart-table.tsx';
import { UnitButtons } from './unit-buttons.tsx';

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
          <UnitButtons
            idPrefix={unitName}
            labelOf={(u) => (u === 'cm' ? t('sizeCharts.units.cm') : t('sizeCharts.units.inches'))}
            inputProps={(u) => ({ name: unitName, checked: unit === u, onChange: () => setUnit(u) })}
          />
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
