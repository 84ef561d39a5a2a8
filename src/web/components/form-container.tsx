import type { ReactNode } from 'react';

/** A centred column for forms: full width on phones, narrower on wide screens. */
export function FormContainer({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="row justify-content-center">
      <div className={wide ? 'col-12 col-lg-9 col-xl-8' : 'col-12 col-md-8 col-lg-6 col-xl-5'}>
        <div className="card shadow-sm border-0 haat-form-card">
          <div className="card-body p-3 p-sm-4">{children}</div>
        </div>
      </div>
    </div>
  );
}
