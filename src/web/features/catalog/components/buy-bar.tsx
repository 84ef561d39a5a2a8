import { useEffect, useRef, type ChangeEvent, type Ref } from 'react';
import { DiscountedPrice } from '#web/components/discounted-price.tsx';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { colourStates, isPickable, sizeStates, type OptionState } from '../lib/variant-pick.ts';
import type { Purchase } from './purchase-panel.tsx';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/** The price the page shows for the choice (with its discount): `useShelfPrice`'s answer. */
export type ShownPrice = { price: number; finalPrice: number; percentOff: number };

function optionText(state: OptionState, t: Translate): string {
  if (state.level === 'missing') return t('catalog.buyBar.optionNotSold', { value: state.value });
  if (state.level === 'out') return t('catalog.buyBar.optionSoldOut', { value: state.value });
  return state.value;
}

/**
 * A size or colour as a compact drop-down for the bar: the first entry asks for the choice. Read by the
 * selected index, not the option's value (Preact writes no value attribute, ADR 0130).
 */
function ChoiceSelect({
  label,
  states,
  value,
  invalid,
  onChoose,
  selectRef,
}: {
  label: string;
  states: readonly OptionState[];
  value: string | null;
  invalid: boolean;
  onChoose: (value: string) => void;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  const t = useT();
  const index = states.findIndex((s) => value !== null && s.value.toLowerCase() === value.toLowerCase());
  const onChange = (e: ChangeEvent<HTMLSelectElement>) => {
    const state = states[e.target.selectedIndex - 1];
    if (state && isPickable(state)) onChoose(state.value);
  };
  const id = useUniqueId();
  return (
    <span className="d-inline-flex align-items-center gap-1">
      <label htmlFor={id} className="small fw-semibold">
        {label}
      </label>
      <select
        id={id}
        ref={selectRef}
        className={`form-select form-select-sm haat-buy-bar-select${invalid ? ' haat-buy-bar-missing' : ''}`}
        aria-invalid={invalid ? true : undefined}
        value={index >= 0 ? (states[index]?.value ?? '') : ''}
        onChange={onChange}
      >
        <option value="">{t('catalog.buyBar.choose')}</option>
        {states.map((s) => (
          <option key={s.value} value={s.value} disabled={!isPickable(s)}>
            {optionText(s, t)}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * The phone's purchase bar (docs/decisions/0132-phone-purchase-flow.md): stuck to the bottom of the screen
 * below the md breakpoint, it keeps the price, the size (and colour) and Add to Cart and Buy Now in reach
 * however far the shopper scrolls. Sticky within the product's article, so at the article's end it takes
 * its own place above the footer rather than covering it. It shares `purchase` with the panel.
 */
export function BuyBar({ purchase, shown }: { purchase: Purchase; shown: ShownPrice }) {
  const t = useT();
  const { choice, sizes, colours, inStock, missing } = purchase;
  const { variants, pick } = choice;
  const errorId = useUniqueId();
  const sizeRef = useRef<HTMLSelectElement>(null);
  const colourRef = useRef<HTMLSelectElement>(null);
  const asked = missing.size
    ? t('catalog.purchase.chooseSize')
    : missing.colour
      ? t('catalog.purchase.chooseColour')
      : null;

  // Asked for a choice: put the shopper on it.
  useEffect(() => {
    if (missing.size) sizeRef.current?.focus();
    else if (missing.colour) colourRef.current?.focus();
  }, [missing.size, missing.colour]);

  return (
    <section className="haat-buy-bar d-md-none" aria-label={t('catalog.buyBar.label')}>
      <div className="d-flex flex-wrap align-items-center column-gap-2 row-gap-1">
        <p className="mb-0 me-auto haat-buy-bar-price" aria-live="polite">
          <DiscountedPrice price={shown.price} finalPrice={shown.finalPrice} percentOff={shown.percentOff} />
          {purchase.qty > 1 ? <span className="small text-body-secondary"> × {purchase.qty}</span> : null}
        </p>
        {inStock && (sizes.length > 0 || colours.length > 0) ? (
          <div className="d-flex gap-2">
            {sizes.length > 0 ? (
              <ChoiceSelect
                label={t('catalog.purchase.size')}
                states={sizeStates(variants, pick.colour)}
                value={pick.size}
                invalid={missing.size}
                onChoose={purchase.chooseSize}
                selectRef={sizeRef}
              />
            ) : null}
            {colours.length > 0 ? (
              <ChoiceSelect
                label={t('catalog.purchase.colour')}
                states={colourStates(variants, pick.size)}
                value={pick.colour}
                invalid={missing.colour}
                onChoose={purchase.chooseColour}
                selectRef={colourRef}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {asked ? (
        <p className="text-danger-emphasis small fw-semibold mb-0 mt-1" id={errorId} role="alert">
          {asked}
        </p>
      ) : null}
      <div className="d-flex gap-2 mt-2">
        <button
          type="button"
          className="btn btn-outline-primary flex-grow-1 haat-buy-bar-btn"
          disabled={!inStock}
          aria-describedby={asked ? errorId : undefined}
          onClick={() => purchase.addToCart()}
        >
          {t('catalog.purchase.addToCart')}
        </button>
        <button
          type="button"
          className="btn btn-primary flex-grow-1 haat-buy-bar-btn"
          disabled={!inStock}
          aria-describedby={asked ? errorId : undefined}
          onClick={() => purchase.buyNow()}
        >
          {inStock ? t('catalog.purchase.buyNow') : t('catalog.purchase.outOfStock')}
        </button>
      </div>
    </section>
  );
}
