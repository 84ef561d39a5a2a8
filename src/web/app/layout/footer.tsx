import { Link } from 'react-router';
import { useT } from '#web/lib/i18n/i18n.tsx';

export function Footer() {
  const t = useT();
  return (
    <footer className="haat-footer mt-auto py-4">
      <div className="container d-flex flex-column flex-sm-row justify-content-between align-items-center gap-2">
        <p className="mb-0">{t('common.footer.copyright', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('common.footer.nav')}>
          <ul className="list-inline mb-0">
            <li className="list-inline-item">
              <Link to="/terms-conditions">{t('common.footer.terms')}</Link>
            </li>
            <li className="list-inline-item">
              <Link to="/help">{t('common.footer.help')}</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
