import { Link } from 'react-router';
import { readPaymentMethod, readShippingAddress } from '../stores/checkout-store.ts';
import '../checkout.css';
import { useT } from '#web/lib/i18n/i18n.tsx';

type Step = { label: string; to: string };

/**
 * The checkout step bar (docs/product/screens.md): Sign In, Shipping, Payment, Place Order. A step is a link only once
 * it has been reached — the steps before the current one, and later ones whose earlier steps are saved
 * (a buyer who went back to Shipping may jump forward again). The current step is marked, not linked.
 */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 | 4 }) {
  const t = useT();
  const steps: readonly Step[] = [
    // Signed in already: /login sends the buyer straight back to the shipping step.
    { label: t('checkout.steps.signIn'), to: '/login?redirect=shipping' },
    { label: t('checkout.steps.shipping'), to: '/shipping' },
    { label: t('checkout.steps.payment'), to: '/payment' },
    { label: t('checkout.steps.placeOrder'), to: '/placeorder' },
  ];
  const shippingSaved = !!readShippingAddress();
  const reached = [true, true, shippingSaved, shippingSaved && !!readPaymentMethod()];

  return (
    <nav aria-label={t('checkout.steps.label')} className="haat-checkout-steps mb-4">
      <ol className="list-unstyled row row-cols-4 g-0 text-center mx-auto mb-0" style={{ maxWidth: 560 }}>
        {steps.map((step, index) => {
          const number = index + 1;
          const isCurrent = number === current;
          const isLink = !isCurrent && (number < current || reached[index]);
          const badge = (
            <span
              className={`badge rounded-pill d-block mx-auto mb-1 ${
                isCurrent ? 'text-bg-primary' : isLink ? 'text-bg-secondary' : 'text-bg-light border'
              }`}
              style={{ width: '1.75rem' }}
              aria-hidden="true"
            >
              {number}
            </span>
          );
          const content = (
            <>
              {badge}
              {step.label}
            </>
          );
          return (
            <li key={step.to} className="col small px-1">
              {isCurrent ? (
                <span aria-current="step" className="d-block fw-semibold">
                  {content}
                </span>
              ) : isLink ? (
                <Link to={step.to} className="d-block">
                  {content}
                </Link>
              ) : (
                <span className="d-block text-body-tertiary" aria-disabled="true">
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
