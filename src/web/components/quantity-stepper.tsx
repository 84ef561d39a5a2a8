import { clampQty } from '#shared/order-quantity.ts';
import { useT } from '../lib/i18n/i18n.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/**
 * A quantity as − n + (docs/decisions/0132-phone-purchase-flow.md): two labelled buttons and a number
 * field between them, from 1 to `max` (the item's stock, at most the per-order limit: `qtyCap`). The
 * number is announced when it changes. `max` 0 (nothing can be bought) turns every part off.
 */
export function QuantityStepper({
  value,
  max,
  onChange,
  label,
  what,
  hint,
  small = false,
  className = '',
}: {
  value: number;
  max: number;
  onChange: (qty: number) => void;
  /** The visible label ("Quantity" unless given); hidden when `what` names the item instead (a cart line). */
  label?: string;
  /** The item, for the names of the buttons and the field: "Kurta (M)". */
  what?: string;
  /** Shown under the stepper at the cap ("At most 10 per order"). */
  hint?: string | null;
  small?: boolean;
  className?: string;
}) {
  const t = useT();
  const id = useUniqueId();
  const off = max < 1;
  const set = (n: number) => onChange(clampQty(n, max));
  return (
    <div className={`haat-stepper ${className}`}>
      <label
        htmlFor={`${id}-qty`}
        className={what ? 'visually-hidden' : 'form-label small fw-semibold mb-1 d-block'}
      >
        {what ? t('common.quantity.labelOf', { what }) : (label ?? t('common.quantity.label'))}
      </label>
      <div className={`input-group flex-nowrap ${small ? 'input-group-sm' : ''}`}>
        <button
          type="button"
          className="btn btn-outline-secondary haat-stepper-btn"
          aria-label={what ? t('common.quantity.fewerOf', { what }) : t('common.quantity.fewer')}
          disabled={off || value <= 1}
          onClick={() => set(value - 1)}
        >
          −
        </button>
        <input
          id={`${id}-qty`}
          type="number"
          inputMode="numeric"
          className="form-control text-center haat-stepper-input"
          min={1}
          max={Math.max(1, max)}
          step={1}
          value={value}
          disabled={off}
          aria-describedby={hint && value >= max ? `${id}-hint` : undefined}
          onChange={(e) => {
            const n = Number.parseInt(e.target.value, 10);
            if (Number.isFinite(n)) set(n);
          }}
        />
        <button
          type="button"
          className="btn btn-outline-secondary haat-stepper-btn"
          aria-label={what ? t('common.quantity.moreOf', { what }) : t('common.quantity.more')}
          disabled={off || value >= max}
          onClick={() => set(value + 1)}
        >
          +
        </button>
      </div>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {what
          ? t('common.quantity.announceOf', { what, value: String(value) })
          : t('common.quantity.announce', { value: String(value) })}
      </span>
      {hint && !off && value >= max ? (
        <div id={`${id}-hint`} className="form-text haat-stepper-hint">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
