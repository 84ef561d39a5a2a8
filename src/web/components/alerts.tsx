import type { ReactNode } from 'react';
import { errorMessage } from '#web/lib/api-client.ts';
import { Said } from './said.tsx';

// Bootstrap's alert markup, without react-bootstrap's component (and the transition code it brings).
const alertClass = (variant: string, className?: string) =>
  `alert alert-${variant}${className ? ` ${className}` : ''}`;

/** A failed call, shown with the server's message in a red alert (docs/product/api.md#wire-conventions). Renders nothing without an error. */
export function ErrorAlert({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  return (
    <div className={alertClass('danger', className)} role="alert">
      <Said text={errorMessage(error)} />
    </div>
  );
}

/** Any other notice: success after a save, an empty list, information. */
export function Message({
  variant = 'info',
  children,
  className,
}: {
  variant?: 'info' | 'success' | 'warning' | 'danger' | 'secondary';
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={alertClass(variant, className)} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
