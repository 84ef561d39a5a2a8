import { Link } from 'react-router';
import { PageHead } from '#web/components/page-head.tsx';

export function NotFoundPage() {
  return (
    <section className="py-5 text-center">
      <PageHead title="Page not found · Haat" />
      <h1 className="h2 mb-3">Page not found</h1>
      <p className="text-body-secondary">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Go to the home page
      </Link>
    </section>
  );
}
