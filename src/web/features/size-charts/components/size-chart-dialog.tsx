import { lazy, useState } from 'react';
import { LazyPart } from '#web/components/lazy-part.tsx';
import type { SizeChart } from '#shared/schemas/product.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

// The dialog (react-bootstrap's Modal and the table) loads when first opened: most shoppers never do.
const SizeChartModal = lazy(() => import('./size-chart-modal.tsx'));
// Its code starts loading when the pointer or the focus reaches the button (a failure there is the
// click's to report).
const prefetch = () => void import('./size-chart-modal.tsx').catch(() => undefined);

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
  // Once opened it stays mounted, so closing fades out and gives the focus back to the button.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`btn btn-link btn-sm p-0 align-baseline ${className ?? ''}`}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        aria-haspopup="dialog"
      >
        {t('sizeCharts.dialog.button')}
      </button>
      {opened ? (
        <LazyPart>
          <SizeChartModal chart={chart} size={size} open={open} onClose={() => setOpen(false)} />
        </LazyPart>
      ) : null}
    </>
  );
}
