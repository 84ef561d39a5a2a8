import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { clampQty, qtyCap } from '#shared/order-quantity.ts';
import { toWireNumber } from '#shared/money.ts';
import { priceCartPreview } from '#shared/pricing.ts';
import { unitPriceOf } from '#shared/variants.ts';
import { ErrorAlert, Message } from '#web/components/alerts.tsx';
import { Loader } from '#web/components/loader.tsx';
import { Money, Price } from '#web/components/price.tsx';
import { useDiscounts, useProduct } from '#web/features/catalog/index.ts';
import { GstSplitRows } from '#web/features/orders/index.ts';
import { useDisplayCurrency } from '#web/lib/currency/display-currency.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { useCartProducts } from '../api/get-cart-products.ts';
import { useCouponDiscounts } from '../api/get-coupon.ts';
import { useTaxFacts } from '../api/get-tax-facts.ts';
import { CartLineItem } from '../components/cart-line-item.tsx';
import { CouponForm } from '../components/coupon-form.tsx';
import { savedDeliveryStateCode } from '../lib/delivery-state.ts';
import { isBuyable, reconcileLine, type CartNotice, type LineCheck } from '../lib/reprice.ts';
import { useCart } from '#web/lib/cart/cart-context.tsx';
import { lineKey } from '#web/lib/cart/cart-store.ts';
import { useCouponCodes } from '#web/lib/cart/use-coupon-codes.ts';
import { endBuyNow } from '#web/lib/cart/buy-now.ts';
import { useKnownQtyLimit, useQtyLimit } from '#web/lib/order-settings.ts';
import '../cart.css';
import { PageHead } from '#web/components/page-head.tsx';

/** '/cart' and '/cart/:id?qty=n' (docs/product/screens.md): the latter adds that product first, then shows the cart. */
export function CartPage() {
  const { id } = useParams();
  if (id) return <AddFromLink id={id} />;
  return <Cart />;
}

/**
 * '/cart/:id?qty=n': add the product with that quantity (within its stock and the per-order limit), then show '/cart'. A link
 * names no size or colour, so it adds only a product sold in one variant; for the others it sends the
 * shopper to choose one (docs/decisions/0070-size-chosen-before-cart.md).
 */
function AddFromLink({ id }: { id: string }) {
  const t = useT();
  const [search] = useSearchParams();
  const product = useProduct(id);
  const { add } = useCart();
  const qtyLimit = useQtyLimit();
  const wanted = Number.parseInt(search.get('qty') ?? '1', 10);
  const p = product.data;
  const variants = p?.variants ?? [];
  const only = variants.length === 1 ? variants[0] : undefined;
  const choose = variants.length > 1;
  const stock = only ? only.countInStock : (p?.countInStock ?? 0);
  const addable = p && p.status && !choose && stock > 0;

  useEffect(() => {
    if (!p || !addable) return;
    const qty = clampQty(wanted, qtyCap(stock, qtyLimit));
    add({
      product: p._id,
      name: p.name,
      image: p.image[0] ?? '',
      price: unitPriceOf(p.price, only),
      currency: p.currency,
      countInStock: stock,
      categoryId: p.categoryId,
      qty,
      ...(only ? { variant: only._id } : {}),
      ...(only?.colour ? { colour: only.colour } : {}),
      ...(only && only.size !== 'N/A' ? { size: only.size } : {}),
    });
  }, [p, addable, wanted, add, only, stock, qtyLimit]);

  if (product.isError) {
    return (
      <section>
        <PageHead title={t('cart.pageTitle')} />
        <h1 className="h3 mb-3">{t('cart.title')}</h1>
        <ErrorAlert error={product.error} />
        <Link to="/cart">{t('cart.goToCart')}</Link>
      </section>
    );
  }
  if (p && p.status && choose) {
    return (
      <section>
        <PageHead title={t('cart.pageTitle')} />
        <h1 className="h3 mb-3">{t('cart.title')}</h1>
        <Message variant="info">{t('cart.chooseVariant', { name: p.name })}</Message>
        <Link to={`/product/${p._id}`} className="btn btn-primary">
          {t('cart.chooseSize')}
        </Link>{' '}
        <Link to="/cart" className="btn btn-link">
          {t('cart.goToCart')}
        </Link>
      </section>
    );
  }
  if (p && !addable) {
    return (
      <section>
        <PageHead title={t('cart.pageTitle')} />
        <h1 className="h3 mb-3">{t('cart.title')}</h1>
        <Message variant="warning">{t('cart.outOfStock', { name: p.name })}</Message>
        <Link to="/cart">{t('cart.goToCart')}</Link>
      </section>
    );
  }
  if (p) return <Navigate to="/cart" replace />;
  return <Loader label={t('cart.adding')} />;
}

const noticeKey = (n: CartNotice) => `${n.kind}:${n.product}:${n.variant}:${String(n.to)}`;

function NoticeText({ notice }: { notice: CartNotice }) {
  const t = useT();
  const b = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
  const variant = notice.variant ? ` (${notice.variant})` : '';
  if (notice.kind === 'qty') {
    return (
      <>{t.rich('cart.notice.qty', { b, name: notice.name, variant, from: notice.from, to: notice.to })}</>
    );
  }
  if (notice.kind === 'limit') {
    return (
      <>{t.rich('cart.notice.limit', { b, name: notice.name, variant, from: notice.from, to: notice.to })}</>
    );
  }
  return (
    <>
      {t.rich('cart.notice.price', {
        b,
        name: notice.name,
        variant,
        from: <Price amount={notice.from} />,
        to: <Price amount={notice.to} />,
      })}
    </>
  );
}

function Cart() {
  const t = useT();
  const navigate = useNavigate();
  const { items, add, remove } = useCart();
  const qtyLimit = useQtyLimit();
  // Lines are cut to the limit only once the server has said what it is.
  const knownLimit = useKnownQtyLimit();
  const { codes, add: addCode, remove: removeCode } = useCouponCodes();
  const coupons = useCouponDiscounts(codes);
  const { currency, rateFromInr } = useDisplayCurrency();
  // One lookup per product, whatever the number of its variants in the cart.
  const ids = useMemo(() => [...new Set(items.map((l) => l.product))], [items]);
  const { byProduct: discounts } = useDiscounts(ids);
  const products = useCartProducts(ids);
  const fresh = items.map((l) => products[ids.indexOf(l.product)]);
  const [notices, setNotices] = useState<CartNotice[]>([]);
  const taxFacts = useTaxFacts(ids);
  // The place of supply decides CGST + SGST or IGST: known once checkout saved a shipping address.
  const [deliveryStateCode] = useState(savedDeliveryStateCode);

  // Re-price from the server: take new prices and stock into the stored cart, and say what changed.
  const checks = useMemo(() => {
    const result = new Map<string, LineCheck>();
    items.forEach((line, i) => {
      const f = fresh[i];
      const key = lineKey(line);
      if (!f || f.state === 'checking') result.set(key, { state: 'checking' });
      else if (f.state === 'gone') result.set(key, { state: 'unavailable' });
      else if (f.state === 'unknown') result.set(key, { state: 'unknown' });
      else result.set(key, reconcileLine(line, f.product, knownLimit).check);
    });
    return result;
  }, [items, fresh, knownLimit]);

  useEffect(() => {
    const found: CartNotice[] = [];
    items.forEach((line, i) => {
      const f = fresh[i];
      if (f?.state !== 'found') return;
      const r = reconcileLine(line, f.product, knownLimit);
      if (r.line !== line) add(r.line);
      found.push(...r.notices);
    });
    if (found.length > 0) {
      setNotices((current) => {
        const seen = new Set(current.map(noticeKey));
        const added = found.filter((n) => !seen.has(noticeKey(n)));
        return added.length > 0 ? [...current, ...added] : current;
      });
    }
  }, [items, fresh, add, knownLimit]);

  const buyable = useMemo(() => items.filter((l) => isBuyable(checks.get(lineKey(l)))), [items, checks]);
  const priced = useMemo(
    () =>
      priceCartPreview(buyable, {
        discounts,
        couponDiscounts: coupons.byProduct,
        couponCodes: codes,
        facts: taxFacts.facts,
        gstRules: taxFacts.rules,
        deliveryStateCode: deliveryStateCode ?? null,
        now: Date.now(),
        currency,
        rateFromInr,
      }),
    [
      buyable,
      discounts,
      coupons.byProduct,
      codes,
      taxFacts.facts,
      taxFacts.rules,
      deliveryStateCode,
      currency,
      rateFromInr,
    ],
  );

  const digits = currency.decimalDigits;
  const money = (minor: number) => <Money amount={toWireNumber(minor, digits)} currency={currency.code} />;
  const totals = priced.totals.display;
  const count = buyable.reduce((sum, l) => sum + l.qty, 0);
  const blocked = items.length - buyable.length;
  const checking = [...checks.values()].some((c) => c.state === 'checking');
  // Without the tax facts the preview would price GST at 0 %: show no figure rather than a wrong one.
  const gstKnown = !taxFacts.isPending && !taxFacts.error && count > 0;

  if (items.length === 0) {
    return (
      <section>
        <PageHead title={t('cart.pageTitle')} />
        <h1 className="h3 mb-3">{t('cart.title')}</h1>
        <Message variant="info">
          {t.rich('cart.emptyGoBack', { link: (chunks) => <Link to="/">{chunks}</Link> })}
        </Message>
      </section>
    );
  }

  return (
    <section>
      <PageHead title={t('cart.pageTitleCount', { count: String(count) })} />
      <h1 className="h3 mb-3">{t('cart.title')}</h1>
      {notices.length > 0 ? (
        <div className="alert alert-warning" role="status">
          <p className="fw-semibold mb-1">{t('cart.updated')}</p>
          <ul className="mb-0 ps-3">
            {notices.map((n) => (
              <li key={noticeKey(n)}>
                <NoticeText notice={n} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <ul className="list-group haat-cart-lines" aria-label={t('cart.itemsLabel')}>
            {items.map((line) => (
              <CartLineItem
                key={lineKey(line)}
                line={line}
                // Priced lines follow `buyable`'s order, one per buyable line.
                priced={priced.lines[buyable.indexOf(line)]}
                check={checks.get(lineKey(line)) ?? { state: 'checking' }}
                format={money}
                qtyLimit={qtyLimit}
                onQty={(qty) => add({ ...line, qty })}
                onRemove={() => remove(lineKey(line))}
              />
            ))}
          </ul>
        </div>
        <div className="col-12 col-lg-4">
          <section className="card haat-cart-summary" aria-labelledby="cart-summary-heading">
            <div className="card-body">
              <h2 className="h5" id="cart-summary-heading">
                {t('cart.subtotal', { count, n: String(count) })}
              </h2>
              <p className="fs-4 fw-bold mb-2" aria-live="polite">
                {money(totals.itemsPrice)}
                {checking ? (
                  <span className="spinner-border spinner-border-sm ms-2 haat-spinner-inline" role="status">
                    <span className="visually-hidden">{t('cart.checkingPrices')}</span>
                  </span>
                ) : null}
              </p>
              {totals.discount > 0 ? (
                <dl className="haat-summary-rows small mb-2">
                  <dt>{t('cart.items')}</dt>
                  <dd>
                    <del>{money(totals.originalItemsPrice)}</del>
                  </dd>
                  <dt>{t('cart.totalDiscount')}</dt>
                  <dd className="text-success">
                    {t.rich('cart.discount', { amount: money(totals.discount), percent: priced.percentOff })}
                  </dd>
                </dl>
              ) : null}
              {gstKnown ? (
                <dl className="haat-summary-rows small mb-1">
                  <dt>{t('cart.estimatedGst')}</dt>
                  <dd>{money(totals.taxPrice)}</dd>
                </dl>
              ) : null}
              {gstKnown ? (
                <div className="mb-2">
                  <GstSplitRows
                    split={
                      deliveryStateCode === undefined
                        ? 'by-state'
                        : {
                            cgst: toWireNumber(totals.cgst, digits),
                            sgst: toWireNumber(totals.sgst, digits),
                            igst: toWireNumber(totals.igst, digits),
                          }
                    }
                    currency={currency.code}
                  />
                </div>
              ) : null}
              <p className="small text-body-secondary">{t('cart.shippingFree')}</p>
              <hr />
              <CouponForm
                states={coupons.states}
                cartProducts={items.map((l) => l.product)}
                productName={(pid) => items.find((l) => l.product === pid)?.name ?? pid}
                onAdd={addCode}
                onRemove={removeCode}
              />
              <hr />
              {blocked > 0 ? (
                <p className="small text-danger" id="checkout-blocked">
                  {t('cart.blocked', { count: blocked })}
                </p>
              ) : null}
              <button
                type="button"
                className="btn btn-primary btn-lg w-100"
                disabled={count === 0 || blocked > 0}
                aria-describedby={blocked > 0 ? 'checkout-blocked' : undefined}
                onClick={() => {
                  // The cart's checkout: any Buy Now begun in this tab gives way (ADR 0132).
                  endBuyNow();
                  void navigate('/login?redirect=shipping');
                }}
              >
                {t('cart.proceed')}
              </button>
            </div>
          </section>
        </div>
      </div>
    </section>
  );
}
