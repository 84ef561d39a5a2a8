import { Link } from 'react-router';
import { PageHead } from '#web/components/page-head.tsx';

const choices = [
  {
    title: 'Buyer',
    text: 'Shop from every seller on Haat, keep a cart and follow your orders.',
    to: '/register?redirect=/',
  },
  {
    title: 'Seller (Company)',
    text: 'Open a shop for your registered business (GSTIN). We review new sellers within 3-5 days.',
    to: '/register_seller?type=company&redirect=/',
  },
  {
    title: 'Individual Seller',
    text: 'Sell your own products as an individual (UIN). We review new sellers within 3-5 days.',
    to: '/register_seller?type=individual&redirect=/',
  },
] as const;

export function RegistrationChoicePage() {
  return (
    <section>
      <PageHead title="Register · Haat" />
      <h1 className="h3 mb-2">Create your Haat account</h1>
      <p className="text-body-secondary mb-4">How would you like to use Haat?</p>
      <div className="row g-3">
        {choices.map((choice) => (
          <div className="col-12 col-md-4" key={choice.title}>
            <div className="card h-100 shadow-sm border-0 haat-choice">
              <div className="card-body d-flex flex-column">
                <h2 className="h5 card-title">{choice.title}</h2>
                <p className="card-text flex-grow-1">{choice.text}</p>
                <Link to={choice.to} className="btn btn-primary">
                  Register as {choice.title}
                </Link>
              </div>
            </div>
          </div>
        ))}
      </div>
      <p className="mt-4">
        Already have an account? <Link to="/login">Sign In</Link>
      </p>
    </section>
  );
}
