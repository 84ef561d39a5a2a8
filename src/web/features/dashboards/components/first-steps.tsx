import { Link } from 'react-router';
import type { OnboardingStep } from '#shared/seller-onboarding.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { useSellerOnboarding } from '../api/dashboards.ts';

/** A step's words in the page's language, by its id; the server's English for an id not known here. */
function stepText(t: Translate, step: Pick<OnboardingStep, 'id' | 'label' | 'hint'>) {
  const words: Record<string, { label: string; hint: string }> = {
    shopImages: {
      label: t('dashboards.firstSteps.shopImages.label'),
      hint: t('dashboards.firstSteps.shopImages.hint'),
    },
    payoutAccount: {
      label: t('dashboards.firstSteps.payoutAccount.label'),
      hint: t('dashboards.firstSteps.payoutAccount.hint'),
    },
    firstProduct: {
      label: t('dashboards.firstSteps.firstProduct.label'),
      hint: t('dashboards.firstSteps.firstProduct.hint'),
    },
  };
  return words[step.id] ?? { label: step.label, hint: step.hint };
}

/**
 * An activated seller's first steps (ADR 0134): shop picture and banner, payout bank account, first
 * product, each ticked by the server from the seller's own data and linking to where it is done. Gone
 * once every step is done; says nothing while loading or if it fails (the dashboard shows its own errors).
 */
export function FirstSteps() {
  const t = useT();
  const onboarding = useSellerOnboarding();
  if (!onboarding.data || onboarding.data.allDone) return null;
  const { steps } = onboarding.data;
  const left = steps.filter((s) => !s.done).length;

  return (
    <section className="card border-primary-subtle mb-4" aria-labelledby="first-steps-title">
      <div className="card-body">
        <h2 id="first-steps-title" className="h5 mb-1">
          {t('dashboards.firstSteps.heading')}
        </h2>
        <p className="small text-body-secondary mb-3">
          {left === 1
            ? t('dashboards.firstSteps.oneLeft')
            : t('dashboards.firstSteps.someLeft', { left, total: steps.length })}
        </p>
        <ol className="list-unstyled mb-0" aria-label={t('dashboards.firstSteps.label')}>
          {steps.map((step) => {
            const { label, hint } = stepText(t, step);
            return (
              <li key={step.id} className="d-flex gap-2 align-items-start mb-2" data-done={step.done}>
                <StepMark done={step.done} />
                <div>
                  {step.done ? (
                    <span className="text-body-secondary text-decoration-line-through">{label}</span>
                  ) : (
                    <Link to={step.href} className="fw-semibold">
                      {label}
                    </Link>
                  )}
                  <span className="visually-hidden">
                    {' '}
                    {step.done ? t('dashboards.firstSteps.done') : t('dashboards.firstSteps.toDo')}
                  </span>
                  {step.done ? null : <div className="small text-body-secondary">{hint}</div>}
                </div>
              </li>
            );
          })}
        </ol>
      </div>
    </section>
  );
}

function StepMark({ done }: { done: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" className="flex-shrink-0 mt-1">
      {done ? (
        <>
          <circle cx="10" cy="10" r="9" fill="var(--bs-success)" />
          <path d="M6 10.5l2.5 2.5L14 7.5" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </>
      ) : (
        <circle cx="10" cy="10" r="8.5" fill="none" stroke="var(--bs-secondary)" strokeWidth="1.5" />
      )}
    </svg>
  );
}
