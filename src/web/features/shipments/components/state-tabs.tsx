import { useEffect, useRef } from 'react';
import Badge from 'react-bootstrap/Badge';
import { Link } from 'react-router';
import './shipments.css';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { SELLER_TABS, tabLabels, type ShipmentTab } from '../lib/tabs.ts';

/**
 * The queue's tabs with how many shipments each holds. Links (the tab is in the URL, so Back and reload
 * keep it); on a phone the row scrolls sideways instead of wrapping onto three lines.
 */
export function StateTabs({
  current,
  counts,
  hrefFor,
  allHref,
}: {
  current: ShipmentTab | undefined;
  counts: Record<string, number> | undefined;
  hrefFor: (state: ShipmentTab) => string;
  /** The operator's list starts with every state. */
  allHref?: string;
}) {
  const t = useT();
  const labels = tabLabels(t);
  const activeRef = useRef<HTMLAnchorElement>(null);
  // On a phone the row scrolls sideways: keep the chosen tab in view (after a click and on a shared link).
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  const total = counts
    ? Object.entries(counts).reduce((n, [k, v]) => (k === 'late' ? n : n + v), 0)
    : undefined;
  return (
    <nav aria-label={t('shipments.tabs.label')} className="mb-3">
      <ul className="nav nav-pills flex-nowrap overflow-x-auto pb-1 haat-shipment-tabs">
        {allHref !== undefined ? (
          <li className="nav-item">
            <Link
              to={allHref}
              className={`nav-link text-nowrap ${current === undefined ? 'active' : ''}`}
              aria-current={current === undefined ? 'page' : undefined}
            >
              {t('shipments.tabs.all')}
              {total !== undefined ? (
                <Badge
                  pill
                  bg={current === undefined ? 'light' : 'secondary'}
                  text={current === undefined ? 'dark' : undefined}
                  className="ms-1"
                >
                  {total}
                </Badge>
              ) : null}
            </Link>
          </li>
        ) : null}
        {SELLER_TABS.map((state) => {
          const n = counts?.[state];
          const active = state === current;
          return (
            <li className="nav-item" key={state}>
              <Link
                ref={active ? activeRef : undefined}
                to={hrefFor(state)}
                className={`nav-link text-nowrap ${active ? 'active' : ''}`}
                aria-current={active ? 'page' : undefined}
              >
                {labels[state]}
                {n !== undefined ? (
                  <Badge
                    pill
                    bg={active ? 'light' : state === 'late' && n > 0 ? 'danger' : 'secondary'}
                    text={active ? 'dark' : undefined}
                    className="ms-1"
                  >
                    {n}
                  </Badge>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
