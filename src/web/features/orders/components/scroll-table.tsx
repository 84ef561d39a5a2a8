import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';

/**
 * A back-office table that scrolls sideways on a phone instead of widening the page. The wrapper is
 * positioned so the screen-reader-only text in its cells (absolutely positioned) stays inside it too.
 */
export function ScrollTable({
  children,
  busy = false,
  hover = true,
}: {
  children: ReactNode;
  busy?: boolean;
  hover?: boolean;
}) {
  return (
    <div className="table-responsive position-relative mb-3">
      <Table striped hover={hover} size="sm" className="align-middle mb-0" aria-busy={busy || undefined}>
        {children}
      </Table>
    </div>
  );
}
