import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, type FieldErrors, type Path } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ERROR_CODES } from '#shared/errors.ts';
import { CLOTHES_SIZES, SHOE_SIZES } from '#shared/schemas/product-form.ts';
import type { SizeChart } from '#shared/schemas/product.ts';
import { SIZE_CHART_MSG, sizeChartBody, type SizeChartBody } from '#shared/schemas/size-chart.ts';
import { SIZE_CHART_LIMITS } from '#shared/size-charts.ts';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { SubmitButton, TextField } from '#web/components/form-field.tsx';
import { hasErrorCode, isApiError } from '#web/lib/api-client.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { useSaveSizeChart } from '../api/save-size-chart.ts';
import { UnitButtons } from './unit-buttons.tsx';
import '../size-charts.css';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

const LIST = '/seller/size-charts';

function blankChart(): SizeChartBody {
  const columns = ['Chest', 'Waist', 'Length'];
  return {
    name: '',
    unit: 'cm',
    columns,
    rows: ['S', 'M', 'L', 'XL'].map((size) => ({ size, values: columns.map(() => '') })),
  };
}

const valuesOf = (chart: Pick<SizeChart, 'name' | 'unit' | 'columns' | 'rows'>): SizeChartBody => ({
  name: chart.name,
  unit: chart.unit,
  columns: [...chart.columns],
  rows: chart.rows.map((r) => ({ size: r.size, values: [...r.values] })),
});

type Problem = { key: string; text: string };

/** Every message of a failed check, once each, with where it is ("Size L, Chest: …"), grid order. */
function problemsOf(errors: FieldErrors<SizeChartBody>, values: SizeChartBody, t: Translate): Problem[] {
  const out: Problem[] = [];
  const add = (key: string, where: string, message: string | undefined) => {
    if (message) out.push({ key, text: where ? `${where}: ${message}` : message });
  };
  add('name', t('sizeCharts.editor.chartName'), errors.name?.message);
  add('unit', t('sizeCharts.editor.unit'), errors.unit?.message);
  add('columns', '', errors.columns?.message ?? errors.columns?.root?.message);
  values.columns.forEach((c, j) => {
    add(
      `columns.${String(j)}`,
      c
        ? t('sizeCharts.editor.measurementNamed', { n: j + 1, name: c })
        : t('sizeCharts.editor.measurementN', { n: j + 1 }),
      errors.columns?.[j]?.message,
    );
  });
  add('rows', '', errors.rows?.message ?? errors.rows?.root?.message);
  values.rows.forEach((r, i) => {
    const row = errors.rows?.[i];
    const where = r.size.trim()
      ? t('sizeCharts.editor.sizeNamed', { size: r.size.trim() })
      : t('sizeCharts.editor.sizeInRow', { n: i + 1 });
    add(`rows.${String(i)}.size`, t('sizeCharts.editor.row', { n: i + 1 }), row?.size?.message);
    add(`rows.${String(i)}.values`, where, row?.values?.message ?? row?.values?.root?.message);
    values.columns.forEach((c, j) => {
      add(
        `rows.${String(i)}.values.${String(j)}`,
        c
          ? t('sizeCharts.editor.cellNamed', { where, name: c })
          : t('sizeCharts.editor.cellN', { where, n: j + 1 }),
        row?.values?.[j]?.message,
      );
    });
  });
  return out;
}

/**
 * The grid editor of one size chart (docs/product/catalog.md#size-charts): a name, the unit, measurement
 * columns across and sizes down, each cell a number or a range. Checked by the shared `sizeChartBody`
 * before it is sent and again by the server; its messages are listed above the grid and each bad cell is
 * marked. Saving returns to the list.
 */
export function SizeChartEditor({
  chart,
}: {
  /** The chart being edited, or null for a new one. */
  chart: (Pick<SizeChart, '_id' | 'name' | 'unit' | 'columns' | 'rows'> & { productCount?: number }) | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const save = useSaveSizeChart();
  const ids = useUniqueId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitted },
  } = useForm<SizeChartBody>({
    resolver: zodResolver(sizeChartBody),
    defaultValues: chart ? valuesOf(chart) : blankChart(),
  });
  const rows = useFieldArray({ control, name: 'rows' });
  const values = watch();
  const columns = values.columns;

  const onSubmit = handleSubmit(async (body) => {
    try {
      await save.mutateAsync({ id: chart?._id ?? null, body });
    } catch (error) {
      if (hasErrorCode(error, ERROR_CODES.size_chart_name_taken)) {
        setError('name', { type: 'server', message: SIZE_CHART_MSG.nameTaken });
      } else if (isApiError(error)) {
        for (const e of error.errors)
          setError(e.path as Path<SizeChartBody>, { type: 'server', message: e.message });
      }
      return;
    }
    void navigate(LIST);
  });

  const addColumn = () => {
    const current = getValues();
    setValue('columns', [...current.columns, '']);
    current.rows.forEach((r, i) => setValue(`rows.${i}.values`, [...r.values, '']));
  };
  const removeColumn = (j: number) => {
    const current = getValues();
    setValue(
      'columns',
      current.columns.filter((_, k) => k !== j),
    );
    current.rows.forEach((r, i) =>
      setValue(
        `rows.${i}.values`,
        r.values.filter((_, k) => k !== j),
      ),
    );
  };
  const addRow = (size = '') => rows.append({ size, values: getValues('columns').map(() => '') });
  /** Fill the size column from a standard set, keeping measurements already typed for those sizes. */
  const fillSizes = (sizes: readonly string[]) => {
    const current = getValues();
    const byKey = new Map(current.rows.map((r) => [r.size.trim().toUpperCase(), r.values]));
    rows.replace(
      sizes.map((size) => ({ size, values: byKey.get(size.toUpperCase()) ?? current.columns.map(() => '') })),
    );
  };

  const problems = isSubmitted ? problemsOf(errors, values, t) : [];
  const problemKeys = new Set(problems.map((p) => p.key));
  const bad = (key: string) => problemKeys.has(key) || undefined;
  const summaryId = `${ids}-problems`;
  const cellClass = (key: string, extra = '') =>
    `form-control form-control-sm ${extra} ${problemKeys.has(key) ? 'is-invalid' : ''}`;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="size-chart-heading">
      <ErrorAlert
        error={save.error && !hasErrorCode(save.error, ERROR_CODES.size_chart_name_taken) ? save.error : null}
      />
      {problems.length > 0 ? (
        <div className="alert alert-danger" role="alert" id={summaryId}>
          <p className="mb-1">{t('sizeCharts.editor.fixThese')}</p>
          <ul className="mb-0 ps-3">
            {problems.map((p) => (
              <li key={p.key}>{p.text}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <div className="card shadow-sm border-0 haat-form-card mb-4">
        <div className="card-body p-3 p-sm-4">
          <div className="row g-3 align-items-end">
            <div className="col-12 col-md-7">
              <TextField
                label={t('sizeCharts.editor.chartName')}
                className="mb-0"
                maxLength={SIZE_CHART_LIMITS.name}
                placeholder={t('sizeCharts.editor.namePlaceholder')}
                help={t('sizeCharts.editor.nameHelp')}
                {...register('name')}
                error={errors.name?.message}
              />
            </div>
            <fieldset className="col-12 col-md-5">
              <legend className="form-label fs-6 mb-1">{t('sizeCharts.editor.measurementsIn')}</legend>
              <UnitButtons
                idPrefix={`${ids}-unit`}
                labelOf={(u) =>
                  u === 'cm' ? t('sizeCharts.editor.unitCm') : t('sizeCharts.editor.unitInches')
                }
                inputProps={() => register('unit')}
              />
            </fieldset>
          </div>
          {chart?.productCount ? (
            <p className="small text-body-secondary mt-3 mb-0">
              {t('sizeCharts.editor.usedBy', { count: chart.productCount })}
            </p>
          ) : null}
        </div>
      </div>

      <div className="card shadow-sm border-0 haat-form-card mb-3">
        <div className="card-body p-3 p-sm-4">
          <h2 className="h5">{t('sizeCharts.editor.gridHeading')}</h2>
          <p className="small text-body-secondary">{t('sizeCharts.editor.gridHelp')}</p>
          <div className="d-flex flex-wrap gap-2 mb-3">
            <span className="small align-self-center text-body-secondary">
              {t('sizeCharts.editor.fillSizes')}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => fillSizes(CLOTHES_SIZES.slice(0, 6))}
            >
              {t('sizeCharts.editor.fillClothes')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => fillSizes(SHOE_SIZES)}
            >
              {t('sizeCharts.editor.fillShoes')}
            </button>
          </div>
          <div className="table-responsive">
            <table
              className="table table-sm align-middle haat-size-grid mb-2"
              aria-describedby={problems.length ? summaryId : undefined}
            >
              <caption className="visually-hidden">{t('sizeCharts.editor.gridCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="haat-size-grid-size">
                    {t('sizeCharts.editor.size')}
                  </th>
                  {columns.map((c, j) => (
                    <th scope="col" key={j}>
                      <div className="d-flex align-items-center gap-1">
                        <input
                          className={cellClass(`columns.${String(j)}`, 'fw-semibold')}
                          aria-label={t('sizeCharts.editor.measurementName', { n: j + 1 })}
                          aria-invalid={bad(`columns.${String(j)}`)}
                          maxLength={SIZE_CHART_LIMITS.column}
                          placeholder={t('sizeCharts.editor.columnPlaceholder')}
                          {...register(`columns.${j}`)}
                        />
                        <button
                          type="button"
                          className="btn btn-sm btn-link text-danger p-0 px-1"
                          onClick={() => removeColumn(j)}
                          disabled={columns.length <= 1}
                          aria-label={t('sizeCharts.editor.removeMeasurement', { name: c || String(j + 1) })}
                          title={t('sizeCharts.editor.removeMeasurementTitle')}
                        >
                          ×
                        </button>
                      </div>
                    </th>
                  ))}
                  <td className="haat-size-grid-actions" />
                </tr>
              </thead>
              <tbody>
                {rows.fields.map((field, i) => {
                  const size = values.rows[i]?.size ?? '';
                  return (
                    <tr key={field.id}>
                      <th scope="row">
                        <input
                          className={cellClass(`rows.${String(i)}.size`, 'fw-semibold')}
                          aria-label={t('sizeCharts.editor.sizeInRowLabel', { n: i + 1 })}
                          aria-invalid={bad(`rows.${String(i)}.size`)}
                          maxLength={SIZE_CHART_LIMITS.size}
                          placeholder={t('sizeCharts.editor.sizePlaceholder')}
                          {...register(`rows.${i}.size`)}
                        />
                      </th>
                      {columns.map((c, j) => (
                        <td key={j}>
                          <input
                            className={cellClass(`rows.${String(i)}.values.${String(j)}`, 'text-end')}
                            inputMode="decimal"
                            aria-label={t('sizeCharts.editor.cellLabel', {
                              measurement: c || t('sizeCharts.editor.measurementN', { n: j + 1 }),
                              size: size || t('sizeCharts.editor.inRow', { n: i + 1 }),
                            })}
                            aria-invalid={bad(`rows.${String(i)}.values.${String(j)}`)}
                            maxLength={15}
                            {...register(`rows.${i}.values.${j}`)}
                          />
                        </td>
                      ))}
                      <td className="haat-size-grid-actions">
                        <button
                          type="button"
                          className="btn btn-sm btn-link text-danger p-0 px-1"
                          onClick={() => rows.remove(i)}
                          disabled={rows.fields.length <= 1}
                          aria-label={t('sizeCharts.editor.removeSize', {
                            size: size || t('sizeCharts.editor.inRow', { n: i + 1 }),
                          })}
                          title={t('sizeCharts.editor.removeSizeTitle')}
                        >
                          ×
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={() => addRow()}
              disabled={rows.fields.length >= SIZE_CHART_LIMITS.rows}
            >
              {t('sizeCharts.editor.addSize')}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-primary"
              onClick={addColumn}
              disabled={columns.length >= SIZE_CHART_LIMITS.columns}
            >
              {t('sizeCharts.editor.addMeasurement')}
            </button>
          </div>
        </div>
      </div>

      <div className="d-flex flex-wrap gap-2">
        <SubmitButton pending={save.isPending} pendingLabel={t('sizeCharts.editor.saving')}>
          {chart ? t('sizeCharts.editor.save') : t('sizeCharts.editor.create')}
        </SubmitButton>
        <Link to={LIST} className="btn btn-outline-secondary">
          {t('sizeCharts.editor.cancel')}
        </Link>
      </div>
    </form>
  );
}
