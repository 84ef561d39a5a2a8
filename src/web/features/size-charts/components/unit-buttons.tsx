import { Fragment, type InputHTMLAttributes } from 'react';
import { SIZE_CHART_UNITS, type SizeChartUnit } from '#shared/size-charts.ts';

/**
 * The cm / inches choice as a group of toggle buttons (radio inputs styled by Bootstrap's `btn-check`):
 * the seller's editor binds it to its form, the shopper's size chart dialog to its own state.
 * `inputProps` gives each unit's input its name, value and checked/change handling.
 */
export function UnitButtons({
  idPrefix,
  labelOf,
  inputProps,
}: {
  idPrefix: string;
  labelOf: (unit: SizeChartUnit) => string;
  inputProps: (unit: SizeChartUnit) => InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <div className="btn-group">
      {SIZE_CHART_UNITS.map((u) => (
        <Fragment key={u}>
          <input type="radio" className="btn-check" id={`${idPrefix}-${u}`} value={u} {...inputProps(u)} />
          <label className="btn btn-outline-primary" htmlFor={`${idPrefix}-${u}`}>
            {labelOf(u)}
          </label>
        </Fragment>
      ))}
    </div>
  );
}
