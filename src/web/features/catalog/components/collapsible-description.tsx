import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** docs/product/pricing-and-tax.md: the description collapses at 8 lines. */
export const DESCRIPTION_LINES = 8;

/**
 * A product description clamped to 8 lines with 'Read more' / 'Show less' (docs/product/screens.md). The button appears
 * only when the text really overflows, measured after layout and again when the width changes.
 */
export function CollapsibleDescription({ text, id }: { text: string; id: string }) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <div>
      <div
        ref={ref}
        id={id}
        className={`haat-description ${expanded ? '' : 'haat-clamped'}`}
        style={{ ['--haat-lines' as string]: DESCRIPTION_LINES }}
      >
        {text}
      </div>
      {overflows || expanded ? (
        <button
          type="button"
          className="btn btn-link px-0"
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? t('catalog.product.showLess') : t('catalog.product.readMore')}
        </button>
      ) : null}
    </div>
  );
}
