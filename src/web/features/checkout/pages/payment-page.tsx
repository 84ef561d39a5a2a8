import { useState, type FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { Navigate, useNavigate } from 'react-router';
import { FormContainer } from '#web/components/form-container.tsx';
import { SubmitButton } from '#web/components/form-field.tsx';
import { PAYPAL_CURRENCY, paypalConverts } from '#shared/payments.ts';
import type { PaymentMethod } from '#shared/schemas/order.ts';
import { useDisplayCurrency } from '#web/lib/currency/display-currency.tsx';
import { useCheckoutLines } from '#web/lib/cart/buy-now.ts';
import { useDeliveryQuote } from '#web/features/delivery/index.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { readPaymentMethod, readShippingAddress, savePaymentMethod } from '../stores/checkout-store.ts';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

/** Step 3 (docs/product/screens.md): the payment method. Without a saved shipping address the buyer goes back to /shipping. */
export function PaymentPage() {
  return <PaymentStep />;
}

/** docs/product/api.md#resources: RazorPay unless the buyer picked another. */
const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'RazorPay';

function PaymentStep() {
  const t = useT();
  const navigate = useNavigate();
  const { currency } = useDisplayCurrency();
  const [method, setMethod] = useState<PaymentMethod>(() => readPaymentMethod() ?? DEFAULT_PAYMENT_METHOD);
  const [shipping] = useState(() => readShippingAddress());
  // The cart's lines, or the one Buy Now line (docs/decisions/0132-phone-purchase-flow.md).
  const cart = useCheckoutLines();
  // Cash on delivery only when every line allows it (docs/decisions/0113-delivery-promise.md). The order's
  // value is checked against the COD limit on the next step, where it is priced.
  const quote = useDeliveryQuote(
    shipping && cart.items.length > 0
      ? {
          country: shipping.country,
          postalCode: shipping.postalCode,
          lines: cart.items.map((i) => ({ product: i.product, qty: i.qty })),
        }
      : null,
  );
  const codRefused =
    quote.data && !quote.data.cod ? (quote.data.codReason ?? t('checkout.payment.notAvailable')) : null;
  const chosen = codRefused && method === 'CashOnDelivery' ? DEFAULT_PAYMENT_METHOD : method;

  if (!shipping) return <Navigate to="/shipping" replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    savePaymentMethod(chosen);
    void navigate('/placeorder');
  };

  const options: { value: PaymentMethod; label: string; help: string }[] = [
    { value: 'RazorPay', label: 'RazorPay', help: t('checkout.payment.razorpayHelp') },
    {
      value: 'PayPal',
      label: 'PayPal',
      // PayPal does not take INR from Indian accounts (docs/product/payments.md#paypal).
      help: paypalConverts(currency.code)
        ? t('checkout.payment.paypalConverts', {
            name: t('checkout.payment.usDollars'),
            code: PAYPAL_CURRENCY,
            currency: currency.code.toUpperCase(),
          })
        : t('checkout.payment.paypalCharged', { name: t('checkout.payment.usDollars') }),
    },
    {
      value: 'CashOnDelivery',
      label: t('checkout.payment.cod'),
      help: codRefused ?? t('checkout.payment.codHelp'),
    },
  ];

  return (
    <>
      <PageHead title={t('checkout.payment.pageTitle')} />
      <CheckoutSteps current={3} />
      <FormContainer>
        <h1 className="h3 mb-4">{t('checkout.payment.title')}</h1>
        <form onSubmit={onSubmit} noValidate>
          <fieldset className="mb-4">
            <legend className="fs-6 fw-semibold">{t('checkout.payment.selectMethod')}</legend>
            {options.map((option) => (
              <div key={option.value} className="mb-3">
                <Form.Check
                  type="radio"
                  id={`payment-${option.value}`}
                  name="paymentMethod"
                  value={option.value}
                  checked={chosen === option.value}
                  disabled={option.value === 'CashOnDelivery' && !!codRefused}
                  onChange={() => setMethod(option.value)}
                  label={option.label}
                  aria-describedby={`payment-${option.value}-help`}
                  className="mb-0"
                />
                <div id={`payment-${option.value}-help`} className="form-text ms-4 mt-0">
                  {option.help}
                </div>
              </div>
            ))}
          </fieldset>
          <div className="haat-checkout-bar d-grid d-sm-block">
            <SubmitButton pending={false}>{t('checkout.continue')}</SubmitButton>
          </div>
        </form>
      </FormContainer>
    </>
  );
}
