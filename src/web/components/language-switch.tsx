import { useState } from 'react';
import { api } from '#web/lib/api-client.ts';
import { useT } from '#web/lib/i18n/i18n.tsx';
import { LANGUAGES, rememberLanguage } from '#web/lib/i18n/page-language.ts';

/**
 * The header's language switch (ADR 0135): each language named in itself. Choosing one saves it (the
 * server sets this browser's cookie and, for a signed-in user, the account's language, which e-mails and
 * other browsers follow) and reloads the page, which the server then renders in that language.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT();
  const [saving, setSaving] = useState(false);
  const choose = async (code: string) => {
    setSaving(true);
    try {
      await api.put('/api/users/language', { language: code });
    } catch {
      // Offline or refused: the choice still holds in this browser.
      rememberLanguage(code);
    }
    window.location.reload();
  };
  return (
    <select
      className={`form-select form-select-sm haat-language-switch ${className}`}
      aria-label={t('common.header.language')}
      value={t.language.code}
      disabled={saving}
      onChange={(event) => void choose(event.target.value)}
    >
      {LANGUAGES.map((language) => (
        <option key={language.code} value={language.code} lang={language.code}>
          {language.name}
        </option>
      ))}
    </select>
  );
}
