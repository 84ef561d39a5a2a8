import { useT } from '#web/lib/i18n/i18n.tsx';

/** The one loading indicator: Bootstrap's border spinner, announced to screen readers. */
export function Loader({ label, inline = false }: { label?: string; inline?: boolean }) {
  const t = useT();
  label ??= t('common.loading');
  if (inline) {
    return (
      <div className="spinner-border spinner-border-sm" role="status">
        <span className="visually-hidden">{label}</span>
      </div>
    );
  }
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border haat-spinner" role="status">
        <span className="visually-hidden">{label}</span>
      </div>
    </div>
  );
}
