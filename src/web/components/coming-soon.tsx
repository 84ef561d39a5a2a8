import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A route whose page is not built yet: says which page it is, instead of a blank screen. */
export function ComingSoon({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="py-4 text-center haat-coming-soon">
      <title>{`${title} · Haat`}</title>
      <h1 className="h2 mb-3">{title}</h1>
      <p className="lead text-body-secondary mb-1">Coming soon</p>
      {children ? <div className="text-body-secondary mb-3">{children}</div> : null}
      <p className="mt-3">
        <Link to="/" className="btn btn-outline-primary">
          Back to the shop
        </Link>
      </p>
    </section>
  );
}
