import { Suspense, type ReactNode } from 'react';
import { errorMessage } from '#web/lib/api-client.ts';
import { useErrorMessage } from '#web/lib/i18n/message-text.ts';

// Bootstrap's alert markup, without react-bootstrap's component (and the transition code it brings).
const alertClass = (variant: string, className?: string) =>
  `alert alert-${variant}${className ? ` ${className}` : ''}`;

/** A failed call, shown with the server's message in a red alert (docs/product/api.md#wire-conventions). Renders nothing without an error. */
export function ErrorAlert({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  return (
    <div className={alertClass('danger', className)} role="alert">
      <Suspense fallback={errorMessage(error)}>
        <ErrorText error={error} />
      </Suspense>
    </div>
  );
}

/** The error's text in the page's language (the server's own answers already are; the app's are looked up). */
function ErrorText({ error }: { error: unknown }) {
  return <>{useErrorMessage()(error)}</>;
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
