import { useState } from 'react';
import { ErrorAlert } from '#web/components/alerts.tsx';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { getDocumentLink } from '../api/users.ts';

/**
 * 'Document n' links to a seller's private KYC files (docs/product/screens.md Users table). Each click asks the server
 * for a link signed for a few minutes and opens it in a new tab. The tab is opened first, inside the
 * click, so pop-up blockers let it through; it is pointed at the link once the server answers.
 */
export function DocumentLinks({ userId, labels }: { userId: string; labels: readonly string[] }) {
  const t = useT();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState<number | null>(null);
  if (labels.length === 0)
    return <span className="text-body-secondary">{t('adminUsers.documents.none')}</span>;

  const open = async (index: number) => {
    setError(null);
    setBusy(index);
    const tab = window.open('', '_blank');
    try {
      const { url } = await getDocumentLink({ userId, index });
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
    } catch (e) {
      tab?.close();
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <ul className="list-unstyled mb-0">
        {labels.map((label, i) => (
          <li key={label}>
            <button
              type="button"
              className="btn btn-link btn-sm p-0 text-nowrap"
              onClick={() => void open(i)}
              disabled={busy === i}
              aria-busy={busy === i || undefined}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
      <ErrorAlert error={error} className="small p-1 mt-1 mb-0" />
    </>
  );
}
