import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG } from '#shared/messages.ts';
import type { ForgotPasswordBody, ResetPasswordBody } from '#shared/schemas/user.ts';
import { ERROR_CODES } from '#shared/errors.ts';
import { api, hasErrorCode, isApiError, isServerFault } from '#web/lib/api-client.ts';
import type { Translate } from '#web/lib/i18n/i18n.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';

/** POST /api/users/forgot-password: the server answers the same whether or not the e-mail is known. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  api.post<{ message: string }>('/api/users/forgot-password', body);

/** POST /api/users/reset-password/:token. */
export const resetPassword = (token: string, body: ResetPasswordBody) =>
  api.post<{ message: string }>(`/api/users/reset-password/${encodeURIComponent(token)}`, body);

/** docs/product/messages.md: forgot-password failure shows 'Error sending email' (a rate limit keeps its own message). */
export function forgotPasswordError(error: unknown, t: Translate): string {
  if (hasErrorCode(error, ERROR_CODES.rate_limited, ERROR_CODES.invalid_input)) return error.message;
  return t('auth.errors.errorSendingEmail');
}

/** docs/product/messages.md: the server's message, else 'Invalid or expired token' on a 401, else 'Error resetting password'. */
export function resetPasswordError(error: unknown, t: Translate): string {
  if (isApiError(error)) {
    if (error.code === ERROR_CODES.invalid_token) return error.message || MSG.invalidOrExpiredToken;
    if (!isServerFault(error)) return error.message;
  }
  return t('auth.errors.errorResetting');
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

/** A reset ends every session of the account, maybe this browser's too: check who is signed in again. */
export function useResetPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => resetPassword(token, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  });
}
