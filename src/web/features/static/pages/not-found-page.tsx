import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <section className="py-5 text-center">
      <title>Page not found · Haat</title>
      <h1 className="h2 mb-3">Page not found</h1>
      <p className="text-body-secondary">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Go to the home page
      </Link>
    </section>
  );
}
