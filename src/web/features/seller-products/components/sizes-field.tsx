import { NO_SIZE } from '#shared/schemas/product-form.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';

/**
 * The sizes a product is sold in, as toggle buttons (docs/product/messages.md): clothes S…7XL, shoes 6–10,
 * otherwise N/A. N/A ("one size") is offered everywhere and stands alone, so ticking it clears the others
 * and the other way round. Each ticked size gets its rows in the variant grid.
 */
export function SizesField({
  options,
  value,
  onChange,
  categoryChosen,
  error,
}: {
  /** The category's sizes, in order (sizeOptionsFor). */
  options: readonly string[];
  value: readonly string[];
  onChange: (sizes: string[]) => void;
  categoryChosen: boolean;
  error: string | undefined;
}) {
  const t = useT();
  const toggle = (size: string, checked: boolean) => {
    let next: string[];
    if (!checked) next = value.filter((s) => s !== size);
    else if (size === NO_SIZE) next = [NO_SIZE];
    else next = [...value.filter((s) => s !== NO_SIZE), size];
    onChange(options.filter((o) => next.includes(o)));
  };

  return (
    <fieldset className="mb-3" aria-describedby={error ? 'sizes-error' : undefined}>
      <legend className="fs-6 fw-semibold mb-1">{t('sellerProducts.sizes.legend')}</legend>
      {!categoryChosen ? (
        <p className="small text-body-secondary mb-1">{t('sellerProducts.sizes.chooseCategory')}</p>
      ) : (
        <p className="small text-body-secondary mb-2">{t('sellerProducts.sizes.tickEvery')}</p>
      )}
      <div className={`flex-wrap gap-2 ${categoryChosen ? 'd-flex' : 'd-none'}`}>
        {options.map((size) => {
          const id = `size-${size.replace('/', '')}`;
          return (
            <div key={size}>
              <input
                type="checkbox"
                className="btn-check"
                id={id}
                checked={value.includes(size)}
                onChange={(e) => toggle(size, e.target.checked)}
                aria-invalid={error ? true : undefined}
              />
              <label className="btn btn-sm btn-outline-primary haat-size-tick" htmlFor={id}>
                {size === NO_SIZE ? t('sellerProducts.sizes.noSize') : size}
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <div className="invalid-feedback d-block" id="sizes-error">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
