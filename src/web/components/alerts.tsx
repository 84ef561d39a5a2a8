import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import { errorMessage } from '#web/lib/api-client.ts';

/** A failed call, shown with the server's message in a red alert (docs/product/api.md#wire-conventions). Renders nothing without an error. */
export function ErrorAlert({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  return (
    <Alert variant="danger" className={className} role="alert">
      {errorMessage(error)}
    </Alert>
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
    <Alert variant={variant} className={className} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </Alert>
  );
}
