import Form from 'react-bootstrap/Form';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { ProductFormValues } from '#shared/schemas/product-form.ts';
import type { SizeChart } from '#shared/schemas/product.ts';
import { sizeCoverage } from '#shared/size-charts.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useSizeCharts } from '../api/get-size-charts.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

const list = (sizes: string[]) => sizes.join(', ');

/**
 * The product form's Size chart field (docs/product/catalog.md#size-charts): one of the seller's charts or
 * none, as `sizeChartId`. Warns when the chart has no row for a size the product offers. "Create a chart"
 * opens the editor in a new tab so the form keeps what was typed; the list refreshes on coming back.
 */
export function SizeChartPicker({
  sellerId,
  current,
}: {
  /** Whose charts to offer: the product's seller (Admin editing another seller's product); default the caller. */
  sellerId?: string | undefined;
  /** The product's chart when the form opened, named even before the list arrives. */
  current?: SizeChart | null | undefined;
}) {
  const t = useT();
  const id = useUniqueId();
  const { control } = useFormContext<ProductFormValues>();
  const charts = useSizeCharts(sellerId ?? '', { refetchOnFocus: true });
  const [chosenId, sizes, variants] = useWatch({ control, name: ['sizeChartId', 'sizes', 'variants'] });
  const options = charts.data ?? (current ? [current] : []);
  const chosen = options.find((c) => c._id === chosenId) ?? (current?._id === chosenId ? current : undefined);
  const offered = variants?.length ? variants.map((v) => v.size) : (sizes ?? []);
  const coverage = chosen
    ? sizeCoverage(
        chosen.rows.map((r) => r.size),
        offered,
      )
    : null;
  const helpId = `${id}-help`;
  const warnId = `${id}-warn`;

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t('sizeCharts.picker.label')}</Form.Label>
      <Controller
        control={control}
        name="sizeChartId"
        render={({ field }) => (
          <Form.Select
            name={field.name}
            ref={field.ref}
            value={field.value ?? ''}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(e.target.value || null)}
            aria-describedby={[helpId, coverage?.missing.length ? warnId : ''].filter(Boolean).join(' ')}
          >
            <option value="">{t('sizeCharts.picker.none')}</option>
            {options.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name} ({c.unit})
              </option>
            ))}
          </Form.Select>
        )}
      />
      {chosen ? (
        <Form.Text className="d-block">
          {t('sizeCharts.picker.sizesInChart', { sizes: list(chosen.rows.map((r) => r.size)) })}
        </Form.Text>
      ) : null}
      {coverage && coverage.missing.length > 0 ? (
        <Form.Text id={warnId} className="d-block text-warning-emphasis">
          {t('sizeCharts.picker.missing', { sizes: list(coverage.missing) })}
        </Form.Text>
      ) : null}
      <Form.Text id={helpId} muted className="d-block">
        {t.rich('sizeCharts.picker.help', {
          create: (chunks) => (
            <a href="/seller/size-charts/new" target="_blank" rel="noopener">
              {chunks}
            </a>
          ),
          manage: (chunks) => (
            <a href="/seller/size-charts" target="_blank" rel="noopener">
              {chunks}
            </a>
          ),
        })}
      </Form.Text>
    </Form.Group>
  );
}
