import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { sizeOptionsFor, type ProductFormValues } from '#shared/schemas/product-form.ts';
import { COMMON_COLOURS, LOW_STOCK_THRESHOLD, variantLabel } from '#shared/variants.ts';
import { addColour, coloursOf, reprefix, rowsFor, skuPrefix, totalOf } from '../lib/variant-rows.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { SizesField } from './sizes-field.tsx';
import './variants-field.css';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/** How a row is named to people and screen readers: "M / Red", "M", "Red", or "One size". */
export const rowName = (row: { size: string; colour?: string | null | undefined }, t: Translate) =>
  variantLabel({ size: row.size, colour: row.colour ?? null }) || t('sellerProducts.variants.oneSize');

/** The message of a cell, if any. */
const messageOf = (e: unknown) => (e as FieldError | undefined)?.message;

/**
 * Sizes, colours and the variant grid (docs/decisions/0102-product-variants.md): the seller ticks the sizes
 * the category offers and may add colours; the grid has one row per size × colour with its stock, SKU
 * (a default one filled in) and an optional price of its own. On phones each row is a small card; wider,
 * the rows line up as a table. Validated by the shared `variantInputSchema` through the form's schema.
 */
export function VariantsField({ productId }: { productId: string | null }) {
  const t = useT();
  const { control, register, setValue, getValues, formState } = useFormContext<ProductFormValues>();
  const { errors, isSubmitted } = formState;
  const { fields, replace } = useFieldArray({ control, name: 'variants' });
  const [levels0, levels1, levels2, levels3, levels4, sizes = [], name, price] = useWatch({
    control,
    name: [
      'category',
      'subCategory',
      'levelThreeCategory',
      'levelFourCategory',
      'levelFiveCategory',
      'sizes',
      'name',
      'price',
    ],
  });
  const rows = useWatch({ control, name: 'variants' }) ?? [];
  const options = sizeOptionsFor({
    category: levels0,
    subCategory: levels1,
    levelThreeCategory: levels2,
    levelFourCategory: levels3,
    levelFiveCategory: levels4,
  });
  const [colours, setColours] = useState(() => coloursOf(getValues('variants') ?? []));
  const [typed, setTyped] = useState('');
  const [colourError, setColourError] = useState<string | null>(null);
  const colourId = useUniqueId();

  // A new product's default SKUs follow its name until it is saved (then its id is the prefix).
  const prefix = skuPrefix(productId, name ?? '');
  const lastPrefix = useRef(prefix);
  useEffect(() => {
    if (lastPrefix.current === prefix) return;
    const current = getValues('variants') ?? [];
    const next = reprefix(current, lastPrefix.current, prefix);
    lastPrefix.current = prefix;
    if (next.some((r, i) => r !== current[i])) replace(next);
  }, [prefix, getValues, replace]);

  const rebuild = (nextSizes: readonly string[], nextColours: readonly string[]) =>
    replace(rowsFor(nextSizes, nextColours, getValues('variants') ?? [], prefix));

  const onSizes = (next: string[]) => {
    setValue('sizes', next, { shouldDirty: true, shouldValidate: isSubmitted });
    rebuild(next, colours);
  };
  const onAddColour = () => {
    const result = addColour(colours, typed, {
      empty: t('sellerProducts.variants.typeColour'),
      listed: (colour) => t('sellerProducts.variants.colourListed', { colour }),
    });
    setColourError(result.error);
    if (result.error) return;
    setColours(result.colours);
    setTyped('');
    rebuild(sizes, result.colours);
  };
  const onRemoveColour = (colour: string) => {
    const next = colours.filter((c) => c !== colour);
    setColours(next);
    rebuild(sizes, next);
  };

  const total = totalOf(rows);
  const listError = messageOf(errors.variants) ?? messageOf(errors.variants?.root);
  const suggestions = COMMON_COLOURS.filter((c) => !colours.some((k) => k.toLowerCase() === c.toLowerCase()));
  const pricePlaceholder =
    typeof price === 'number' && !Number.isNaN(price)
      ? t('sellerProducts.variants.samePrice', { price: String(price) })
      : t('sellerProducts.variants.same');

  return (
    <section className="card shadow-sm border-0 haat-form-card" aria-labelledby="variants-heading">
      <div className="card-body p-3 p-sm-4">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h2 id="variants-heading" className="h5 mb-0">
            {t('sellerProducts.variants.heading')}
          </h2>
          <p className="mb-0" aria-live="polite">
            {t.rich('sellerProducts.variants.total', {
              total: <strong data-testid="total-stock">{total}</strong>,
            })}
          </p>
        </div>

        <SizesField
          options={options}
          value={sizes}
          onChange={onSizes}
          categoryChosen={!!levels1}
          error={messageOf(errors.sizes)}
        />

        <fieldset className="mb-3">
          <legend className="fs-6 fw-semibold mb-1">{t('sellerProducts.variants.colours')}</legend>
          <p className="small text-body-secondary mb-2" id={`${colourId}-help`}>
            {t('sellerProducts.variants.coloursHelp')}
          </p>
          {colours.length > 0 ? (
            <ul
              className="list-unstyled d-flex flex-wrap gap-2 mb-2"
              aria-label={t('sellerProducts.variants.colourList')}
            >
              {colours.map((c) => (
                <li key={c} className="badge rounded-pill text-bg-light border haat-colour-chip">
                  <span>{c}</span>
                  <button
                    type="button"
                    className="btn-close ms-1"
                    aria-label={t('sellerProducts.variants.removeColour', { colour: c })}
                    onClick={() => onRemoveColour(c)}
                  />
                </li>
              ))}
            </ul>
          ) : null}
          <div className="input-group haat-colour-add">
            <input
              id={colourId}
              className={`form-control ${colourError ? 'is-invalid' : ''}`}
              list={`${colourId}-list`}
              value={typed}
              maxLength={40}
              placeholder={t('sellerProducts.variants.colourPlaceholder')}
              aria-label={t('sellerProducts.variants.colourToAdd')}
              aria-describedby={`${colourId}-help${colourError ? ` ${colourId}-error` : ''}`}
              aria-invalid={colourError ? true : undefined}
              onChange={(e) => {
                setTyped(e.target.value);
                setColourError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  // Enter adds the colour rather than submitting the whole form.
                  e.preventDefault();
                  onAddColour();
                }
              }}
            />
            <button type="button" className="btn btn-outline-primary" onClick={onAddColour}>
              {t('sellerProducts.variants.addColour')}
            </button>
          </div>
          <datalist id={`${colourId}-list`}>
            {suggestions.map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
          {colourError ? (
            <div className="invalid-feedback d-block" id={`${colourId}-error`}>
              {colourError}
            </div>
          ) : null}
        </fieldset>

        {fields.length > 0 ? (
          <div className="haat-variant-grid" role="group" aria-label={t('sellerProducts.variants.grid')}>
            <div className="haat-variant-row haat-variant-head" aria-hidden="true">
              <span>{t('sellerProducts.variants.sizeColour')}</span>
              <span>{t('sellerProducts.variants.stock')}</span>
              <span>{t('sellerProducts.variants.sku')}</span>
              <span>{t('sellerProducts.variants.ownPrice')}</span>
            </div>
            <ul className="list-unstyled mb-0">
              {fields.map((field, i) => {
                const row = rows[i] ?? field;
                const label = rowName(row, t);
                const e = errors.variants?.[i];
                const stockError = messageOf(e?.countInStock);
                const skuError = messageOf(e?.sku);
                const priceError = messageOf(e?.price);
                const rowError = messageOf(e?.size) ?? messageOf(e?.colour);
                const id = `variant-${String(i)}`;
                const stock = row.countInStock;
                const level =
                  typeof stock === 'number' && Number.isInteger(stock)
                    ? stock <= 0
                      ? 'out'
                      : stock < LOW_STOCK_THRESHOLD
                        ? 'low'
                        : null
                    : null;
                return (
                  <li key={field.id} className="haat-variant-row">
                    <div className="haat-variant-name">
                      <span className="fw-semibold">{label}</span>
                      {level ? (
                        <span
                          className={`badge ms-2 ${level === 'out' ? 'text-bg-secondary' : 'text-bg-warning'}`}
                        >
                          {level === 'out'
                            ? t('sellerProducts.stock.soldOut')
                            : t('sellerProducts.stock.lowStock')}
                        </span>
                      ) : null}
                      {rowError ? (
                        <div className="invalid-feedback d-block" id={`${id}-row-error`}>
                          {rowError}
                        </div>
                      ) : null}
                    </div>
                    <div>
                      <label
                        className="form-label small mb-0 haat-variant-cell-label"
                        htmlFor={`${id}-stock`}
                      >
                        {t('sellerProducts.variants.stock')}
                      </label>
                      <input
                        id={`${id}-stock`}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        step={1}
                        className={`form-control ${stockError ? 'is-invalid' : ''}`}
                        aria-label={t('sellerProducts.variants.stockFor', { label })}
                        aria-invalid={stockError ? true : undefined}
                        aria-describedby={stockError ? `${id}-stock-error` : undefined}
                        {...register(`variants.${i}.countInStock`, { valueAsNumber: true })}
                      />
                      {stockError ? (
                        <div className="invalid-feedback" id={`${id}-stock-error`}>
                          {stockError}
                        </div>
                      ) : null}
                    </div>
                    <div>
                      <label className="form-label small mb-0 haat-variant-cell-label" htmlFor={`${id}-sku`}>
                        {t('sellerProducts.variants.sku')}
                      </label>
                      <input
                        id={`${id}-sku`}
                        type="text"
                        autoCapitalize="characters"
                        spellCheck={false}
                        className={`form-control ${skuError ? 'is-invalid' : ''}`}
                        aria-label={t('sellerProducts.variants.skuFor', { label })}
                        aria-invalid={skuError ? true : undefined}
                        aria-describedby={skuError ? `${id}-sku-error` : undefined}
                        {...register(`variants.${i}.sku`)}
                      />
                      {skuError ? (
                        <div className="invalid-feedback" id={`${id}-sku-error`}>
                          {skuError}
                        </div>
                      ) : null}
                    </div>
                    <div>
                      <label
                        className="form-label small mb-0 haat-variant-cell-label"
                        htmlFor={`${id}-price`}
                      >
                        {t('sellerProducts.variants.ownPrice')}
                      </label>
                      <input
                        id={`${id}-price`}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step="0.01"
                        placeholder={pricePlaceholder}
                        className={`form-control ${priceError ? 'is-invalid' : ''}`}
                        aria-label={t('sellerProducts.variants.priceFor', { label })}
                        aria-invalid={priceError ? true : undefined}
                        aria-describedby={priceError ? `${id}-price-error` : undefined}
                        {...register(`variants.${i}.price`, {
                          setValueAs: (v: unknown) =>
                            v === '' || v === null || v === undefined ? null : Number(v),
                        })}
                      />
                      {priceError ? (
                        <div className="invalid-feedback" id={`${id}-price-error`}>
                          {priceError}
                        </div>
                      ) : null}
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        ) : (
          <p className="small text-body-secondary mb-0">{t('sellerProducts.variants.tickSize')}</p>
        )}
        {listError ? (
          <div className="invalid-feedback d-block mt-2" id="variants-error">
            {listError}
          </div>
        ) : null}
      </div>
    </section>
  );
}
