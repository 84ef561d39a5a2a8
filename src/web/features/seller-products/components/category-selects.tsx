import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { NO_SIZE, sizeOptionsFor, type ProductFormValues } from '#shared/schemas/product-form.ts';
import { SelectField, TextField } from '#web/components/form-field.tsx';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useCategoryId, useCategoryLevel, type LevelPath } from '../api/get-category-levels.ts';

const LEVELS = [
  { name: 'category' },
  { name: 'subCategory' },
  { name: 'levelThreeCategory' },
  { name: 'levelFourCategory' },
  { name: 'levelFiveCategory' },
] as const;

type LevelName = (typeof LEVELS)[number]['name'];

/**
 * Cascading category selects (docs/product/screens.md, five levels). Choosing a level clears the ones below it; a level
 * is shown once its parent is chosen and it has names. When every shown level is chosen, the category's
 * id is looked up and put in the form's `categoryId` (empty until then: 'Please fill all category and
 * subcategory levels.'). Sizes are reset when the kind of sizes the category offers changes.
 */
export function CategorySelects({ disabled }: { disabled: boolean }) {
  const t = useT();
  // Each level's label, and its select's first option.
  const labels: Record<LevelName, { label: string; select: string }> = {
    category: {
      label: t('sellerProducts.category.main'),
      select: t('sellerProducts.category.selectMain'),
    },
    subCategory: {
      label: t('sellerProducts.category.sub'),
      select: t('sellerProducts.category.selectSub'),
    },
    levelThreeCategory: {
      label: t('sellerProducts.category.level3'),
      select: t('sellerProducts.category.selectLevel3'),
    },
    levelFourCategory: {
      label: t('sellerProducts.category.level4'),
      select: t('sellerProducts.category.selectLevel4'),
    },
    levelFiveCategory: {
      label: t('sellerProducts.category.level5'),
      select: t('sellerProducts.category.selectLevel5'),
    },
  };
  const { register, setValue, getValues, control, formState } = useFormContext<ProductFormValues>();
  const watched = useWatch({ control, name: LEVELS.map((l) => l.name) });
  const path = watched.map((v) => v ?? '') as LevelPath;

  // One query per level; hooks in a fixed order.
  const levels = [
    useCategoryLevel(0, path),
    useCategoryLevel(1, path),
    useCategoryLevel(2, path),
    useCategoryLevel(3, path),
    useCategoryLevel(4, path),
  ];

  // The path is complete when the first two levels are chosen and each further level is either chosen
  // or has no names below its chosen parent.
  let complete = path[0] !== '' && path[1] !== '';
  for (let i = 2; i < 5 && complete; i++) {
    const names = levels[i]?.data;
    if (names === undefined) complete = false;
    else if (names.length > 0) {
      if (path[i] === '') complete = false;
    } else break;
  }
  const lookup = useCategoryId(path, complete && !disabled);
  const foundId = complete ? lookup.data?.categoryId : undefined;
  useEffect(() => {
    if (disabled) return;
    const next = foundId ?? '';
    if (getValues('categoryId') !== next)
      setValue('categoryId', next, { shouldValidate: formState.isSubmitted });
  }, [foundId, disabled, getValues, setValue, formState.isSubmitted]);

  const onLevelChange = (index: number, value: string) => {
    const before = sizeOptionsFor(Object.fromEntries(LEVELS.map((l) => [l.name, getValues(l.name)])));
    setValue(LEVELS[index]?.name as LevelName, value, { shouldDirty: true });
    for (let j = index + 1; j < LEVELS.length; j++)
      setValue(LEVELS[j]?.name as LevelName, '', { shouldDirty: true });
    setValue('categoryId', '');
    const after = sizeOptionsFor(Object.fromEntries(LEVELS.map((l) => [l.name, getValues(l.name)])));
    if (after.join() !== before.join())
      setValue('sizes', after.length === 1 ? [NO_SIZE] : [], { shouldDirty: true });
  };

  const error = formState.errors.categoryId?.message;
  if (disabled) {
    // Locked after the first update (docs/product/orders-and-checkout.md#checkout-flow): shown, not editable. The levels stay in the form's values.
    return (
      <fieldset className="mb-2">
        <legend className="h5 mb-3">{t('sellerProducts.category.legend')}</legend>
        <TextField
          label={t('sellerProducts.category.path')}
          value={path.filter(Boolean).join(' › ')}
          readOnly
        />
      </fieldset>
    );
  }
  return (
    <fieldset className="mb-2">
      <legend className="h5 mb-3">{t('sellerProducts.category.legend')}</legend>
      {LEVELS.map((level, i) => {
        const query = levels[i];
        const names = query?.data ?? [];
        const parentChosen = i === 0 || path[i - 1] !== '';
        // A deeper level only shows when it has names (the tree is shallower in places).
        if (!parentChosen || (i >= 2 && names.length === 0 && path[i] === '')) return null;
        const current = path[i] ?? '';
        const options = current && !names.includes(current) ? [current, ...names] : names;
        const { onChange: _onChange, ...field } = register(level.name);
        return (
          <SelectField
            key={level.name}
            label={labels[level.name].label}
            {...field}
            onChange={(e) => onLevelChange(i, e.target.value)}
            className="mb-2"
          >
            <option value="">
              {query?.isFetching && names.length === 0
                ? t('sellerProducts.category.loading')
                : labels[level.name].select}
            </option>
            {options.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </SelectField>
        );
      })}
      {levels.some((q) => q.error) ? <ErrorAlert error={levels.find((q) => q.error)?.error} /> : null}
      {lookup.error ? <ErrorAlert error={lookup.error} /> : null}
      {error ? (
        <div className="invalid-feedback d-block" id="categoryId-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
