import { Component, Suspense, type ReactNode } from 'react';
import { useT } from '#web/lib/i18n/i18n.tsx';

class PartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * A part of a page whose code loads on use (a form, a dialog, a lightbox: React.lazy). While it loads,
 * `loading` shows (nothing by default); if its code cannot be fetched (offline, or a new version
 * deployed meanwhile), a short note says so in its place and the rest of the page keeps working,
 * instead of the whole page giving way to the route's error screen.
 */
export function LazyPart({ children, loading = null }: { children: ReactNode; loading?: ReactNode }) {
  const t = useT();
  return (
    <PartBoundary
      fallback={
        <div className="alert alert-warning small my-2" role="alert">
          {t('common.partFailed')}
        </div>
      }
    >
      <Suspense fallback={loading}>{children}</Suspense>
    </PartBoundary>
  );
}
