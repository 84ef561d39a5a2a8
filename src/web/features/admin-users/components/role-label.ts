import type { RoleName } from '#shared/roles.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/** A role's name in the page's language (the wire keeps 'Seller-Company'; a Hindi page reads विक्रेता (कंपनी)). */
export function roleLabel(role: RoleName | string, t: Translate): string {
  const labels: Record<RoleName, string> = {
    Buyer: t('adminUsers.roles.Buyer'),
    'Seller-Individual': t('adminUsers.roles.Seller-Individual'),
    'Seller-Company': t('adminUsers.roles.Seller-Company'),
    Admin: t('adminUsers.roles.Admin'),
    Auditor: t('adminUsers.roles.Auditor'),
    Distributor: t('adminUsers.roles.Distributor'),
  };
  return labels[role as RoleName] ?? role;
}
