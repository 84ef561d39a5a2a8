import { randomBytes } from 'node:crypto';
import { RESET_MSG, RESET_TOKEN_TTL_MS } from '#shared/accounts.ts';
import { MSG } from '#shared/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Ctx } from '../../lib/types.ts';
import { hashToken } from './accounts.service.ts';
import { enqueueEmail } from '../notifications/notifications.service.ts';
import * as repo from './password-reset.repo.ts';

/** At most this many reset e-mails per account per hour, whoever asks (beside the per-IP route limit). */
export const RESETS_PER_HOUR = 3;

const invalidToken = () =>
  new AppError('unauthenticated', MSG.invalidOrExpiredToken, { code: 'invalid_token' });

/**
 * POST /api/users/forgot-password (docs/product/roles-and-accounts.md). Known or not, the caller gets the same answer
 * (the route always says MSG.forgotPasswordSent); only a known, not deleted account gets a link.
 * The token (32 random bytes) is e-mailed once and stored only as its SHA-256 hash, valid one hour.
 * Token and e-mail are written in one transaction: the mail is queued if and only if the token exists.
 * Returns whether a mail was queued (for the route to wake the mail worker; never shown to the caller).
 */
export async function requestPasswordReset(ctx: Ctx, email: string, origin: string): Promise<boolean> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user) return false;
  const since = new Date(Date.now() - 60 * 60 * 1000);
  if ((await repo.countRecentTokens(ctx.db, user.id, since)) >= RESETS_PER_HOUR) return false;

  const token = randomBytes(32).toString('base64url');
  const link = `${origin}/reset-password/${token}`;
  return ctx.db.transaction(async (tx) => {
    const id = await repo.insertToken(
      tx,
      user.id,
      hashToken(token),
      new Date(Date.now() + RESET_TOKEN_TTL_MS),
    );
    return enqueueEmail(tx, {
      type: 'password_reset',
      documentType: 'password_reset_token',
      documentId: id,
      recipient: user.email,
      render: (t) => ({
        subject: t('mail.passwordReset.subject'),
        text: [
          t('mail.passwordReset.hello', { name: user.name }),
          '',
          t('mail.passwordReset.someoneAsked'),
          t('mail.passwordReset.openWithin'),
          '',
          link,
          '',
          t('mail.passwordReset.worksOnce'),
          '',
          '— Haat',
        ].join('\n'),
      }),
    });
  });
}

/**
 * POST /api/users/reset-password/:token. The token is used up by one conditional update, so it works
 * exactly once; unknown, used or expired → 401 'Invalid or expired token'. The new password is set, the
 * user's other reset links retired and every session of the user ended (docs/product/roles-and-accounts.md), in one transaction.
 */
export async function resetPassword(ctx: Ctx, token: string, password: string): Promise<{ message: string }> {
  const tokenHash = hashToken(token);
  // Look before hashing the password (tens of ms of CPU), so junk tokens cost little.
  if (!(await repo.isUsable(ctx.db, tokenHash))) throw invalidToken();
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    const userId = await repo.consumeToken(tx, tokenHash);
    if (!userId || !(await repo.setPassword(tx, userId, passwordHash))) throw invalidToken();
    await repo.retireTokens(tx, userId);
    await repo.deleteAllSessions(tx, userId);
  });
  return { message: RESET_MSG.passwordReset };
}
