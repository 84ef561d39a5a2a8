import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { clampQty, qtyCap } from '#shared/order-quantity.ts';
import { NO_SIZE } from '#shared/sizes.ts';
import type { Product } from '#shared/schemas/product.ts';
import { stockLevel } from '#shared/variants.ts';
import { SizeChartButton } from '#web/features/size-charts/index.ts';
import { QuantityStepper } from '#web/components/quantity-stepper.tsx';
import { startBuyNow } from '#web/lib/cart/buy-now.ts';
import { useCart } from '#web/lib/cart/cart-context.tsx';
import { lineLabel, type CartLine } from '#web/lib/cart/cart-store.ts';
import { useQtyLimit } from '#web/lib/order-settings.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import {
  choose,
  chosenVariant,
  colourStates,
  initialPick,
  isPickable,
  pickableVariants,
  pickOptions,
  sizeStates,
  variantPrice,
  type OptionState,
  type PickableVariant,
  type VariantPick,
} from '../lib/variant-pick.ts';
import { useUniqueId } from '#web/lib/use-unique-id.ts';

/** Products without real sizes say ['N/A'] (docs/product/messages.md). */
export const hasSizes = (sizes: readonly string[]) => sizes.some((s) => s.trim() !== '' && s !== NO_SIZE);

export type VariantChoice = {
  variants: PickableVariant[];
  pick: VariantPick;
  /** Change the size or the colour; the other is kept only if that combination can be bought. */
  choose: (change: Partial<VariantPick>) => void;
  /** The variant picked, once size and colour (where the product has them) are chosen. */
  chosen: PickableVariant | undefined;
};

/**
 * The shopper's size and colour on the product page. Held by the page, so the price at the top follows
 * the variant chosen in the panel; starts from the variant already in the cart.
 */
export function useVariantChoice(product: Product): VariantChoice {
  const { items } = useCart();
  const variants = useMemo(() => pickableVariants(product), [product]);
  const [pick, setPick] = useState(() =>
    initialPick(
      variants,
      items.find((l) => l.product === product._id),
    ),
  );
  const change = useCallback(
    (c: Partial<VariantPick>) => setPick((current) => choose(variants, current, c)),
    [variants],
  );
  return { variants, pick, choose: change, chosen: chosenVariant(variants, pick) };
}

/** What a size or colour button says after its name when it cannot be chosen. */
function unavailableNote(state: OptionState, other: string | null, t: Translate): string | null {
  if (state.level === 'missing')
    return other ? t('catalog.purchase.notIn', { other }) : t('catalog.purchase.notSold');
  if (state.level === 'out') return t('catalog.purchase.soldOut');
  return null;
}

/** What the panel says of the chosen variant's stock: 'Out of stock', 'Only 3 left' (#shared/variants.ts). */
function stockText(count: number, t: Translate): string | null {
  const level = stockLevel(count);
  if (level === 'out') return t('catalog.purchase.stockOut');
  if (level === 'low') return t('catalog.purchase.stockLow', { count: String(count) });
  return null;
}

/**
 * One row of choice buttons (sizes or colours) as a radio group: sold-out and missing combinations stay
 * visible, disabled, and say why in their name.
 */
function OptionGroup({
  legend,
  name,
  states,
  value,
  other,
  error,
  errorText,
  onChoose,
  aside,
}: {
  legend: string;
  name: string;
  states: readonly OptionState[];
  value: string | null;
  /** The other choice already made ("Red" when choosing a size), for "not in Red". */
  other: string | null;
  error: boolean;
  errorText: string;
  onChoose: (value: string) => void;
  /** Beside the legend: the size chart button. */
  aside?: ReactNode;
}) {
  const t = useT();
  const id = useUniqueId();
  const errorId = `${id}-error`;
  return (
    // The legend shares a row with the aside, so it is not the fieldset's first child: name the group by it.
    <fieldset aria-labelledby={`${id}-legend`} aria-describedby={error ? errorId : undefined}>
      <div className="d-flex align-items-baseline justify-content-between gap-2 mb-1">
        <legend id={`${id}-legend`} className="form-label small fw-semibold mb-0 w-auto float-none">
          {legend}
          {value ? <span className="fw-normal text-body-secondary">: {value}</span> : null}
        </legend>
        {aside}
      </div>
      <div className="d-flex flex-wrap gap-2">
        {states.map((state) => {
          const inputId = `${id}-${state.value}`;
          const note = unavailableNote(state, other, t);
          const checked = value !== null && value.toLowerCase() === state.value.toLowerCase();
          return (
            <div key={state.value} className="haat-option">
              <input
                type="radio"
                className="btn-check"
                name={`${id}-${name}`}
                id={inputId}
                value={state.value}
                checked={checked}
                disabled={!isPickable(state)}
                aria-invalid={error ? true : undefined}
                onChange={() => onChoose(state.value)}
              />
              <label
                className={`btn btn-sm haat-option-btn ${note ? 'btn-outline-secondary haat-option-off' : 'btn-outline-primary'}`}
                htmlFor={inputId}
              >
                <span className={`d-block ${note ? 'text-decoration-line-through' : ''}`}>{state.value}</span>
                {note ? <span className="d-block haat-option-note"> {note}</span> : null}
                {!note && state.level === 'low' ? (
                  <span className="d-block haat-option-note haat-option-low">
                    {' '}
                    {t('catalog.purchase.fewLeft')}
                  </span>
                ) : null}
              </label>
            </div>
          );
        })}
      </div>
      {error ? (
        <div className="invalid-feedback d-block" id={errorId}>
          {errorText}
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * What the product page's purchase controls share (docs/decisions/0132-phone-purchase-flow.md): the
 * quantity, which choice is missing, and the two actions. Held by the page, so the purchase panel and
 * the phone's sticky bar are two views of one state; the rules are here once.
 */
export type Purchase = {
  product: Product;
  choice: VariantChoice;
  /** Real sizes and colours of the product (empty when it has none). */
  sizes: string[];
  colours: string[];
  inStock: boolean;
  qty: number;
  /** The most the stepper offers: the stock of the choice (or the largest, before one), at most the limit. */
  maxQty: number;
  /** The per-order limit of one item (ORDER_QTY_LIMIT), as the server says. */
  qtyLimit: number;
  setQty: (qty: number) => void;
  /** Set by an action tried without a size (or colour); cleared by choosing one. */
  missing: { size: boolean; colour: boolean };
  chooseSize: (size: string) => void;
  chooseColour: (colour: string) => void;
  /** Add the choice to the cart and show the cart; false (and `missing` set) when a choice is missing. */
  addToCart: () => boolean;
  /** Check out the choice alone, keeping the cart as it is (sign-in first when needed). */
  buyNow: () => boolean;
};

/**
 * The purchase state of the product page: quantity 1..min(stock, per-order limit), and Add to Cart and
 * Buy Now. A size must be chosen first where the product has sizes
 * (docs/decisions/0070-size-chosen-before-cart.md), a colour where it has colours; otherwise the action
 * says which is missing instead of doing nothing.
 */
export function usePurchase(product: Product, choice: VariantChoice): Purchase {
  const navigate = useNavigate();
  const { add, items } = useCart();
  const qtyLimit = useQtyLimit();
  const { variants, pick, chosen } = choice;
  const { sizes, colours } = pickOptions(variants);
  const inStock = variants.some((v) => v.countInStock > 0);
  // Before a variant is chosen, the quantity can go up to the largest stock of any variant.
  const stock = chosen ? chosen.countInStock : Math.max(0, ...variants.map((v) => v.countInStock));
  const maxQty = qtyCap(stock, qtyLimit);
  const [wanted, setWanted] = useState(() => {
    const line = chosen
      ? items.find((l) => l.product === product._id && l.variant === chosen._id)
      : undefined;
    return line?.qty ?? 1;
  });
  const qty = clampQty(wanted, maxQty);
  const [missing, setMissing] = useState({ size: false, colour: false });

  /** The cart line the choice makes, or null (and what is missing said) when it cannot be bought yet. */
  const line = (): CartLine | null => {
    if (!inStock) return null;
    const needSize = sizes.length > 0 && pick.size === null;
    const needColour = colours.length > 0 && pick.colour === null;
    if (needSize || needColour || !chosen || chosen.countInStock <= 0) {
      setMissing({ size: needSize, colour: needColour });
      return null;
    }
    return {
      product: product._id,
      name: product.name,
      image: product.image[0] ?? '',
      price: variantPrice(product, chosen),
      currency: product.currency,
      countInStock: chosen.countInStock,
      categoryId: product.categoryId,
      qty: Math.min(qty, chosen.countInStock),
      ...(chosen.size !== NO_SIZE ? { size: chosen.size } : {}),
      ...(chosen._id ? { variant: chosen._id } : {}),
      ...(chosen.colour ? { colour: chosen.colour } : {}),
    };
  };

  return {
    product,
    choice,
    sizes,
    colours,
    inStock,
    qty,
    maxQty,
    qtyLimit,
    setQty: setWanted,
    missing,
    chooseSize: (size) => {
      choice.choose({ size });
      setMissing((m) => ({ ...m, size: false }));
    },
    chooseColour: (colour) => {
      choice.choose({ colour });
      setMissing((m) => ({ ...m, colour: false }));
    },
    addToCart: () => {
      const l = line();
      if (!l) return false;
      add(l);
      void navigate('/cart');
      return true;
    },
    buyNow: () => {
      const l = line();
      if (!l) return false;
      startBuyNow(l);
      // The cart's own checkout path: the sign-in page passes a signed-in shopper straight on.
      void navigate('/login?redirect=shipping');
      return true;
    },
  };
}

/** Says why the quantity stops where it does, when the per-order limit (not the stock) stops it. */
export const limitHint = (purchase: Pick<Purchase, 'maxQty' | 'qtyLimit'>, t: Translate) =>
  purchase.maxQty === purchase.qtyLimit
    ? t('catalog.purchase.limit', { limit: String(purchase.qtyLimit) })
    : null;

/**
 * Stock status, size and colour buttons, the quantity stepper, Add to Cart and Buy Now (docs/product/screens.md,
 * docs/decisions/0102-product-variants.md, docs/decisions/0132-phone-purchase-flow.md). Add to Cart adds
 * the variant as its own cart line (replacing that variant's line) and goes to the cart. On phones the
 * buttons are in the sticky bar (BuyBar) instead, which shares this state.
 */
export function PurchasePanel({ purchase }: { purchase: Purchase }) {
  const t = useT();
  const { items } = useCart();
  const { product, choice, sizes, colours, inStock, missing } = purchase;
  const { variants, pick, chosen } = choice;
  const inCart = items.filter((l) => l.product === product._id);
  const message = chosen ? stockText(chosen.countInStock, t) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    purchase.addToCart();
  };

  return (
    <form
      className="card haat-purchase"
      onSubmit={onSubmit}
      noValidate
      aria-label={t('catalog.purchase.label')}
    >
      <div className="card-body d-flex flex-column gap-3">
        <p className="mb-0">
          <span className="text-body-secondary">{t('catalog.purchase.status')} </span>
          <strong className={inStock ? 'text-success' : 'text-danger'}>
            {inStock ? t('catalog.purchase.inStock') : t('catalog.purchase.outOfStock')}
          </strong>
        </p>
        {inStock && sizes.length > 0 ? (
          <OptionGroup
            legend={t('catalog.purchase.size')}
            name="size"
            states={sizeStates(variants, pick.colour)}
            value={pick.size}
            other={pick.colour}
            error={missing.size}
            errorText={t('catalog.purchase.chooseSize')}
            aside={
              product.sizeChart ? (
                <SizeChartButton chart={product.sizeChart} size={pick.size ?? undefined} />
              ) : null
            }
            onChoose={purchase.chooseSize}
          />
        ) : null}
        {inStock && colours.length > 0 ? (
          <OptionGroup
            legend={t('catalog.purchase.colour')}
            name="colour"
            states={colourStates(variants, pick.size)}
            value={pick.colour}
            other={pick.size}
            error={missing.colour}
            errorText={t('catalog.purchase.chooseColour')}
            onChoose={purchase.chooseColour}
          />
        ) : null}
        {message ? (
          <p className="mb-0 fw-semibold text-danger haat-stock-message" role="status">
            {message}
            {chosen && lineLabel(chosen) ? (
              <span className="fw-normal text-body-secondary">
                {' '}
                {t('catalog.purchase.inVariant', { variant: lineLabel(chosen) })}
              </span>
            ) : null}
          </p>
        ) : null}
        {inStock ? (
          <QuantityStepper
            className="haat-qty"
            value={purchase.qty}
            max={purchase.maxQty}
            onChange={purchase.setQty}
            hint={limitHint(purchase, t)}
          />
        ) : null}
        <div className="d-none d-md-flex gap-2">
          <button type="submit" className="btn btn-outline-primary btn-lg flex-grow-1" disabled={!inStock}>
            {t('catalog.purchase.addToCart')}
          </button>
          <button
            type="button"
            className="btn btn-primary btn-lg flex-grow-1"
            disabled={!inStock}
            onClick={() => purchase.buyNow()}
          >
            {t('catalog.purchase.buyNow')}
          </button>
        </div>
        {inCart.length > 0 ? (
          <p className="small text-body-secondary mb-0">
            {t('catalog.purchase.inCart', {
              lines: inCart
                .map((l) => (lineLabel(l) ? `${lineLabel(l)} × ${String(l.qty)}` : `${String(l.qty)}`))
                .join(', '),
            })}{' '}
            {sizes.length > 0 || colours.length > 0
              ? t('catalog.purchase.replacesChoice')
              : t('catalog.purchase.replacesLine')}
          </p>
        ) : null}
      </div>
    </form>
  );
}
