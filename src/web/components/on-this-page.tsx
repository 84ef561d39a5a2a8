import { useT } from '../lib/i18n/i18n.tsx';

/**
 * The in-page links at the top of a long back-office page (GST, Settlements): one pill per section,
 * pointing at the section's id.
 */
export function OnThisPage({ sections }: { sections: readonly (readonly [id: string, label: string])[] }) {
  const t = useT();
  return (
    <nav aria-label={t('common.onThisPage')} className="mb-4">
      <ul className="nav nav-pills small gap-1">
        {sections.map(([id, label]) => (
          <li key={id} className="nav-item">
            <a className="nav-link py-1 px-2 border" href={`#${id}`}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
