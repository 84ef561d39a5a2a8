import { useT } from '#web/lib/i18n/i18n.tsx';

/** Says on the page, before paying, that no real payment will be made. */
export function SandboxNote({ provider }: { provider: 'RazorPay' | 'PayPal' }) {
  const t = useT();
  return (
    <p className="small mb-0 text-body-secondary">
      <span className="badge text-bg-warning me-1">{t('payments.sandbox.badge')}</span>
      {t('payments.sandboxNote', { provider })}
    </p>
  );
}
