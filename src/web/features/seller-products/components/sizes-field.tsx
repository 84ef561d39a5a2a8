import { useFormContext, useWatch } from 'react-hook-form';
import { NO_SIZE, sizeOptionsFor, type ProductFormValues } from '#shared/schemas/product-form.ts';

/**
 * Available sizes as checkboxes (docs/product/messages.md): clothes S…7XL, shoes 6–10, otherwise N/A. N/A ("one size")
 * is offered everywhere and stands alone, so ticking it clears the others and the other way round.
 */
export function SizesField() {
  const { control, setValue, formState } = useFormContext<ProductFormValues>();
  const [category, subCategory, levelThreeCategory, levelFourCategory, levelFiveCategory, sizes = []] =
    useWatch({
      control,
      name: [
        'category',
        'subCategory',
        'levelThreeCategory',
        'levelFourCategory',
        'levelFiveCategory',
        'sizes',
      ],
    });
  const options = sizeOptionsFor({
    category,
    subCategory,
    levelThreeCategory,
    levelFourCategory,
    levelFiveCategory,
  });
  const error = formState.errors.sizes?.message;

  const toggle = (size: string, checked: boolean) => {
    let next: string[];
    if (!checked) next = sizes.filter((s) => s !== size);
    else if (size === NO_SIZE) next = [NO_SIZE];
    else next = [...sizes.filter((s) => s !== NO_SIZE), size];
    setValue(
      'sizes',
      options.filter((o) => next.includes(o)),
      { shouldDirty: true, shouldValidate: formState.isSubmitted },
    );
  };

  return (
    <fieldset className="mb-3" aria-describedby={error ? 'sizes-error' : undefined}>
      <legend className="fs-6 fw-semibold mb-2">Available sizes</legend>
      {!subCategory ? (
        <p className="small text-body-secondary mb-1">Choose a category to see its sizes.</p>
      ) : null}
      <div className={`flex-wrap gap-2 ${subCategory ? 'd-flex' : 'd-none'}`}>
        {options.map((size) => {
          const id = `size-${size.replace('/', '')}`;
          return (
            <div key={size} className="haat-size-option">
              <input
                type="checkbox"
                className="btn-check"
                id={id}
                checked={sizes.includes(size)}
                onChange={(e) => toggle(size, e.target.checked)}
                aria-invalid={error ? true : undefined}
              />
              <label className="btn btn-sm btn-outline-primary" htmlFor={id} style={{ minWidth: '3rem' }}>
                {size === NO_SIZE ? 'N/A (one size)' : size}
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
