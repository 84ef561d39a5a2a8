import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, Navigate, useNavigate } from 'react-router';
import { GST_STATE_CODES, placeOfSupplyOf } from '#shared/gst.ts';
import { MSG } from '#shared/messages.ts';
import { toWireNumber } from '#shared/money.ts';
import { priceCartPreview } from '#shared/pricing.ts';
import type {
  BillingAddress,
  PaymentMethod,
  PlaceOrderBody,
  ShippingAddress,
} from '#shared/schemas/order.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { Loader } from '#web/components/loader.tsx';
import { Money } from '#web/components/price.tsx';
import { useCouponDiscounts, useTaxFacts } from '#web/features/cart/index.ts';
import { useCart } from '#web/lib/cart/cart-context.tsx';
import { buyNowPlaced, useCheckoutLines } from '#web/lib/cart/buy-now.ts';
import { lineKey } from '#web/lib/cart/cart-store.ts';
import { rememberCartOrder } from '#web/lib/cart/cart-orders.ts';
import { clearCouponCodes, readCouponCodes } from '#web/lib/cart/use-coupon-codes.ts';
import { useDiscounts } from '#web/features/catalog/index.ts';
import { DeliveryQuoteSummary, useDeliveryQuote } from '#web/features/delivery/index.ts';
import { useDisplayCurrency } from '#web/lib/currency/display-currency.tsx';
import {
  AddressText,
  type ItemRow,
  OrderItemList,
  OrderSummary,
  paymentMethodLabel,
} from '#web/features/orders/index.ts';
import { errorMessage, hasErrorCode } from '#web/lib/api-client.ts';
import { usePlaceOrder } from '../api/place-order.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { endCheckoutAttempt, idempotencyKeyFor } from '../stores/checkout-attempt.ts';
import {
  readBillingAddress,
  readBusinessPurchase,
  readPaymentMethod,
  readShippingAddress,
  separateBillingAddress,
  type BusinessPurchase,
} from '../stores/checkout-store.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { BuyNowNote } from '../components/buy-now-note.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { Said } from '#web/components/said.tsx';

/** Step 4 (docs/product/screens.md): review and place the order. Missing earlier steps send the buyer back to them. */
export function PlaceOrderPage() {
  return <PlaceOrderStep />;
}

function PlaceOrderStep() {
  const [saved] = useState(() => ({
    shipping: readShippingAddress(),
    billing: readBillingAddress(),
    paymentMethod: readPaymentMethod(),
    couponCodes: readCouponCodes(),
    business: readBusinessPurchase(),
  }));
  if (!saved.shipping) return <Navigate to="/shipping" replace />;
  if (!saved.paymentMethod) return <Navigate to="/payment" replace />;
  return (
    <PlaceOrderReview
      shipping={saved.shipping}
      billing={separateBillingAddress(saved.shipping, saved.billing)}
      paymentMethod={saved.paymentMethod}
      couponCodes={saved.couponCodes}
      business={saved.business}
    />
  );
}

type ReviewProps = {
  shipping: ShippingAddress;
  /** null: the same as shipping, billed to the buyer's name. */
  billing: BillingAddress | null;
  paymentMethod: PaymentMethod;
  couponCodes: string[];
  /** A business purchase's GSTIN and name (issue 15); null for a consumer. */
  business: BusinessPurchase | null;
};

function PlaceOrderReview({ shipping, billing, paymentMethod, couponCodes, business }: ReviewProps) {
  const t = useT();
  const navigate = useNavigate();
  const wholeCart = useCart();
  // What this checkout buys: the cart, or the one Buy Now line (docs/decisions/0132-phone-purchase-flow.md).
  const cart = useCheckoutLines();
  const { currency, rateFromInr } = useDisplayCurrency();
  const discounts = useDiscounts(cart.items.map((i) => i.product));
  const coupons = useCouponDiscounts(couponCodes);
  const taxFacts = useTaxFacts(cart.items.map((i) => i.product));
  // The place of supply: the delivery state decides CGST + SGST or IGST (undefined outside India: IGST).
  const deliveryStateCode = placeOfSupplyOf(shipping) ?? null;
  const placeOrder = usePlaceOrder();
  const [now] = useState(() => Date.now());

  const previewPending =
    (discounts.isPending || coupons.states.some((c) => c.pending) || taxFacts.isPending) &&
    cart.items.length > 0;
  const preview = previewPending
    ? null
    : priceCartPreview(cart.items, {
        // docs/product/messages.md: a failed discount lookup means no discount; the server prices the order anyway.
        discounts: discounts.byProduct,
        couponDiscounts: coupons.byProduct,
        facts: taxFacts.facts,
        gstRules: taxFacts.rules,
        deliveryStateCode,
        couponCodes,
        currency,
        rateFromInr,
        now,
      });
  const major = (minor: number) => toWireNumber(minor, currency.decimalDigits);

  // The delivery promise before placing (docs/decisions/0113-delivery-promise.md): a date per seller, the
  // line that cannot reach the address, and whether cash on delivery is allowed for this order's value.
  const quote = useDeliveryQuote(
    cart.items.length === 0 || !preview
      ? null
      : {
          country: shipping.country,
          postalCode: shipping.postalCode,
          lines: cart.items.map((i) => ({ product: i.product, qty: i.qty })),
          orderValueInr: toWireNumber(preview.totals.inr.totalPrice, 2),
        },
  );
  const refusal = quote.data && !quote.data.deliverable ? quote.data.reason : undefined;
  const codRefusal =
    quote.data && paymentMethod === 'CashOnDelivery' && !quote.data.cod ? quote.data.codReason : undefined;

  const rows: ItemRow[] = cart.items.map((item, index) => {
    const line = preview?.lines[index];
    return {
      key: lineKey(item),
      product: item.product,
      name: item.name,
      image: item.image,
      size: item.size ?? null,
      colour: item.colour ?? null,
      qty: item.qty,
      price: line ? major(line.display.unitPrice) : 0,
      discountedPrice: line ? major(line.display.discountedUnitPrice) : 0,
      lineTotal: line ? major(line.display.lineTotal) : 0,
      currency: currency.code,
    };
  });

  const onPlaceOrder = () => {
    const body: PlaceOrderBody & Partial<BusinessPurchase> = {
      // Each line names its variant (docs/decisions/0102-product-variants.md); size and colour go too, for
      // a line not matched to a variant yet (a cart stored before variants), which the server matches.
      orderItems: cart.items.map((item) => ({
        product: item.product,
        qty: item.qty,
        ...(item.variant ? { variant: item.variant } : {}),
        ...(item.size ? { size: item.size } : {}),
        ...(item.colour ? { colour: item.colour } : {}),
      })),
      shippingAddress: shipping,
      billingAddress: billing,
      paymentMethod,
      orderCurrency: currency.code,
      couponCodes,
      // A business purchase: the seller's invoice names the buyer's GSTIN (checked again by the server).
      ...(business ?? {}),
    };
    placeOrder.mutate(
      { body, idempotencyKey: idempotencyKeyFor(body) },
      {
        onSuccess: (order) => {
          endCheckoutAttempt();
          // A Buy Now order holds its one line only: the cart and its coupon codes stay (ADR 0132).
          if (cart.buyNow) {
            buyNowPlaced();
            void navigate(`/order/${order._id}`, { replace: true });
            return;
          }
          // docs/decisions/0133-payment-attempt-wording-and-cart.md: cash on delivery is complete once
          // placed, so its lines leave the cart now; an online order's lines stay until it is paid (the
          // order page takes them out then), so an abandoned payment keeps the cart.
          if (order.paymentMethod === 'CashOnDelivery') wholeCart.clear();
          else rememberCartOrder(order._id, wholeCart.items);
          // The coupons are spent on this order either way (its prices hold their discount).
          clearCouponCodes();
          void navigate(`/order/${order._id}`, { replace: true });
        },
      },
    );
  };

  const empty = cart.items.length === 0;

  // The failure and the button: in the summary on a wide screen, in a bar held at the bottom of a phone's
  // screen (checkout.css), so Place Order is in view without scrolling past the items.
  const actions = (
    <>
      {placeOrder.error ? (
        <Alert variant="danger" role="alert">
          <div className="fw-semibold">{t('checkout.placeOrder.failed')}</div>
          {errorMessage(placeOrder.error) !== MSG.placeOrderFailed ? (
            <div className="small mt-1">
              <Said text={errorMessage(placeOrder.error)} />
            </div>
          ) : null}
          {hasErrorCode(
            placeOrder.error,
            ERROR_CODES.out_of_stock,
            ERROR_CODES.product_unavailable,
            ERROR_CODES.conflict,
            ERROR_CODES.not_deliverable,
          ) ? (
            // Stock or availability changed: trying again cannot help, the cart fixes the quantities.
            <Link
              to={cart.buyNow ? `/product/${cart.buyNow.product}` : '/cart'}
              className="alert-link small d-inline-block mt-2"
            >
              {cart.buyNow ? t('checkout.placeOrder.backToProduct') : t('checkout.placeOrder.reviewCart')}
            </Link>
          ) : null}
        </Alert>
      ) : null}
      <button
        type="button"
        className="btn btn-primary w-100"
        disabled={empty || placeOrder.isPending || placeOrder.isSuccess || !!refusal || !!codRefusal}
        aria-busy={placeOrder.isPending}
        onClick={onPlaceOrder}
      >
        {placeOrder.isPending ? (
          <>
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('checkout.placeOrder.placing')}
          </>
        ) : (
          t('checkout.placeOrder.place')
        )}
      </button>
    </>
  );

  return (
    <>
      <PageHead title={t('checkout.placeOrder.pageTitle')} />
      <CheckoutSteps current={4} />
      <h1 className="h3 mb-4">{t('checkout.placeOrder.title')}</h1>
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <section className="mb-4" aria-labelledby="shipping-heading">
            <h2 id="shipping-heading" className="h5">
              {t('checkout.placeOrder.shipping')}
            </h2>
            <p className="mb-1">
              <strong>{t('checkout.placeOrder.address')} </strong>
              <AddressText address={shipping} />
            </p>
            <p className="mb-0">
              <strong>{t('checkout.placeOrder.billingAddress')} </strong>
              {billing ? (
                <AddressText address={billing} name={billing.name} />
              ) : (
                t('checkout.placeOrder.sameAsShipping')
              )}
            </p>
            {business ? (
              <p className="mb-1">
                <strong>{t('checkout.placeOrder.gstInvoiceTo')} </strong>
                {t.rich('checkout.placeOrder.business', {
                  name: business.buyerBusinessName,
                  gstin: <span className="font-monospace">{business.buyerGstin}</span>,
                })}
              </p>
            ) : null}
            <Link to="/shipping" className="small">
              {t('checkout.placeOrder.changeAddresses')}
            </Link>
            {quote.data?.applies ? (
              <div className="mt-3" aria-live="polite">
                <h3 className="h6">
                  {t('checkout.placeOrder.deliveryTo', { pincode: quote.data.pincode ?? '' })}
                </h3>
                <DeliveryQuoteSummary quote={quote.data} />
              </div>
            ) : quote.error ? (
              <Alert variant="danger" role="alert" className="small mt-3 mb-0">
                <Said text={errorMessage(quote.error)} />
              </Alert>
            ) : null}
          </section>
          <hr />
          <section className="mb-4" aria-labelledby="payment-heading">
            <h2 id="payment-heading" className="h5">
              {t('checkout.placeOrder.paymentMethod')}
            </h2>
            <p className="mb-0">
              <strong>{t('checkout.placeOrder.method')} </strong>
              {paymentMethodLabel(paymentMethod, t)}
            </p>
            {codRefusal ? (
              <Alert variant="warning" role="alert" className="small mt-2 mb-1">
                {t.rich('checkout.placeOrder.codRefusal', { reason: <Said text={codRefusal} /> })}
              </Alert>
            ) : null}
            <Link to="/payment" className="small">
              {t('checkout.placeOrder.changePayment')}
            </Link>
          </section>
          <hr />
          <section aria-labelledby="items-heading">
            <h2 id="items-heading" className="h5">
              {t('checkout.placeOrder.orderItems')}
            </h2>
            {cart.buyNow ? <BuyNowNote /> : null}
            {empty ? (
              <Alert variant="info" role="status">
                {t.rich('checkout.placeOrder.emptyGoShopping', {
                  link: (chunks) => <Link to="/">{chunks}</Link>,
                })}
              </Alert>
            ) : previewPending ? (
              <Loader label={t('checkout.placeOrder.pricing')} />
            ) : (
              <OrderItemList items={rows} />
            )}
          </section>
        </div>
        <div className="col-12 col-lg-4">
          <OrderSummary
            amounts={{
              itemsPrice: preview ? major(preview.totals.display.itemsPrice) : 0,
              taxPrice: preview ? major(preview.totals.display.taxPrice) : 0,
              totalPrice: preview ? major(preview.totals.display.totalPrice) : 0,
            }}
            currency={currency.code}
            gst={
              preview
                ? {
                    cgst: major(preview.totals.display.cgst),
                    sgst: major(preview.totals.display.sgst),
                    igst: major(preview.totals.display.igst),
                  }
                : undefined
            }
            placeOfSupply={
              deliveryStateCode ? `${GST_STATE_CODES[deliveryStateCode] ?? ''} (${deliveryStateCode})` : null
            }
            note={empty ? undefined : t('checkout.placeOrder.estimate', { currency: currency.code })}
          >
            <div className="haat-checkout-bar-wide d-grid gap-2">{actions}</div>
          </OrderSummary>
        </div>
      </div>
      <div className="haat-checkout-bar haat-checkout-bar-phone d-grid gap-2 mt-3">
        {empty ? null : (
          <p className="d-flex justify-content-between mb-0">
            <span>{t('checkout.placeOrder.total')}</span>
            <strong>
              {preview ? (
                <Money amount={major(preview.totals.display.totalPrice)} currency={currency.code} />
              ) : (
                '…'
              )}
            </strong>
          </p>
        )}
        {actions}
      </div>
    </>
  );
}
