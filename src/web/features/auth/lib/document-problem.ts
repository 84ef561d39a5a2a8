import { documentFilesError, KYC_LIMITS, SELLER_MSG, type IdentityProofType } from '#shared/accounts.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';

/**
 * The browser's own check of chosen identity documents (`documentFilesError`), in the page's language:
 * the first problem's message, or null. `alreadyOnFile` counts documents the seller uploaded before.
 */
export function documentFilesProblem(
  files: readonly { size: number; type: string }[],
  t: Translate,
  alreadyOnFile = 0,
): string | null {
  const problem = documentFilesError(files, alreadyOnFile);
  switch (problem) {
    case null:
      return null;
    case SELLER_MSG.documentsRequired:
      return t('auth.documents.required');
    case SELLER_MSG.tooManyDocuments:
      return t('auth.documents.tooMany', { max: KYC_LIMITS.maxFiles });
    case SELLER_MSG.documentType:
      return t('auth.documents.type');
    case SELLER_MSG.documentTooLarge:
      return t('auth.documents.tooLarge');
    default:
      return problem;
  }
}

/** The identity proof types as the page names them (the value sent stays the English type). */
export const proofLabels = (t: Translate): Record<IdentityProofType, { label: string; hint: string }> => ({
  Passport: { label: t('auth.proof.passport'), hint: t('auth.proof.passportHint') },
  'Aadhar Card': { label: t('auth.proof.aadhar'), hint: t('auth.proof.aadharHint') },
  'Pan Card': { label: t('auth.proof.pan'), hint: t('auth.proof.panHint') },
  'Driving License': { label: t('auth.proof.drivingLicense'), hint: t('auth.proof.drivingLicenseHint') },
});
