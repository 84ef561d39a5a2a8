import { Link } from 'react-router';
import { PageHead } from '#web/components/page-head.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';

const choiceLinks = [
  { key: 'buyer', to: '/register?redirect=/' },
  { key: 'company', to: '/register_seller?type=company&redirect=/' },
  { key: 'individual', to: '/register_seller?type=individual&redirect=/' },
] as const;

export function RegistrationChoicePage() {
  const t = useT();
  const copy = {
    buyer: {
      title: t('auth.choice.buyer.title'),
      text: t('auth.choice.buyer.text'),
    },
    company: {
      title: t('auth.choice.company.title'),
      text: t('auth.choice.company.text'),
    },
    individual: {
      title: t('auth.choice.individual.title'),
      text: t('auth.choice.individual.text'),
    },
  };
  const choices = choiceLinks.map((link) => ({ ...link, ...copy[link.key] }));
  return (
    <section>
      <PageHead title={t('auth.register.pageTitle')} />
      <h1 className="h3 mb-2">{t('auth.choice.heading')}</h1>
      <p className="text-body-secondary mb-4">{t('auth.choice.question')}</p>
      <div className="row g-3">
        {choices.map((choice) => (
          <div className="col-12 col-md-4" key={choice.key}>
            <div className="card h-100 shadow-sm border-0 haat-choice">
              <div className="card-body d-flex flex-column">
                <h2 className="h5 card-title">{choice.title}</h2>
                <p className="card-text flex-grow-1">{choice.text}</p>
                <Link to={choice.to} className="btn btn-primary">
                  {t('auth.choice.registerAs', { title: choice.title })}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
      <p className="mt-4">
        {t.rich('auth.alreadyHaveAccount', { link: (chunks) => <Link to="/login">{chunks}</Link> })}
      </p>
    </section>
  );
}
