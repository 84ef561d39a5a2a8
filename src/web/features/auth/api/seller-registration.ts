import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sellerRegisterBody, type SellerRegisterForm } from '#shared/schemas/seller.ts';
import type { AuthResponse, User } from '#shared/schemas/user.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { api, isApiError, isServerFault } from '#web/lib/api-client.ts';
import { useT, type Translate } from '#web/lib/i18n/i18n.tsx';
import { setSignedIn } from '#web/lib/session.ts';
import { register } from './register.ts';

/** The upload answered 2xx with something other than a list of links. */
class InvalidUploadResponse extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidUploadResponse';
  }
}

/** POST /api/upload/verification-docs (multipart): the identity documents of the signed-in seller. */
export async function uploadVerificationDocs(
  userId: string,
  identifyProof: string,
  files: readonly File[],
  t: Translate,
): Promise<string[]> {
  const form = new FormData();
  form.append('userId', userId);
  form.append('identifyProof', identifyProof);
  for (const file of files) form.append('verificationDocs', file, file.name);
  const links = await api.post<unknown>('/api/upload/verification-docs', form);
  // docs/product/messages.md: the answer must be a list of links.
  if (!Array.isArray(links) || !links.every((l) => typeof l === 'string'))
    throw new InvalidUploadResponse(t('auth.errors.invalidResponse'));
  return links;
}

/** POST /api/users/seller-verification-email. docs/product/messages.md: a failure here is silent (the review still happens). */
export const requestVerificationEmail = (email: string) =>
  api.post<{ message: string }>('/api/users/seller-verification-email', { email });

/** DELETE /api/users/registration: take back a sign-up whose documents could not be uploaded. */
export const withdrawRegistration = () => api.delete<{ message: string }>('/api/users/registration');

/**
 * The message for a failed upload (docs/product/messages.md): the server's own message when it gave one (wrong type, too
 * large, …), else 'File upload failed. Registration not completed.'.
 */
function uploadFailure(error: unknown, t: Translate): Error {
  if (isApiError(error) && !isServerFault(error) && error.code !== ERROR_CODES.unauthenticated)
    return new Error(error.message);
  if (error instanceof InvalidUploadResponse) return error;
  return new Error(t('auth.errors.fileUploadFailed'));
}

/**
 * Seller sign-up, docs/product/orders-and-checkout.md#checkout-flow: register (the account starts inactive and signed in), upload the documents
 * (the server attaches them to the account — SPEC's "update the profile with their links"), ask for the
 * verification e-mail, then the caller shows /profile-review-screen.
 *
 * If the upload fails the new account is withdrawn again, so nothing half-made is left and the person
 * can simply submit the form again (see the seller onboarding ADR in docs/decisions/).
 */
export async function registerSeller(
  values: SellerRegisterForm,
  files: readonly File[],
  t: Translate,
): Promise<AuthResponse> {
  const account = await register(sellerRegisterBody(values));
  let docs: string[];
  try {
    docs = await uploadVerificationDocs(account._id, values.identifyProof, files, t);
  } catch (error) {
    await withdrawRegistration().catch(() => undefined);
    throw uploadFailure(error, t);
  }
  await requestVerificationEmail(account.email).catch(() => undefined);
  return { ...account, verificationDocs: docs };
}

export function useRegisterSeller() {
  const queryClient = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({ values, files }: { values: SellerRegisterForm; files: readonly File[] }) =>
      registerSeller(values, files, t),
    onSuccess: (response): User => setSignedIn(queryClient, response),
  });
}
