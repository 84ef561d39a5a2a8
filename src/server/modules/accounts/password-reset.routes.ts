import { MSG } from '#shared/messages.ts';
import { messageSchema } from '#shared/schemas/common.ts';
import { forgotPasswordBody, resetPasswordBody, resetTokenParams } from '#shared/schemas/user.ts';
import type { App } from '../../lib/types.ts';
import { publicOrigin } from '../../lib/links.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

/** Password recovery (docs/product/screens.md /forgot-password, /reset-password/:token; docs/product/api.md; docs/product/roles-and-accounts.md). Under /api. */
export default async function passwordResetRoutes(app: App) {
  app.post(
    '/users/forgot-password',
    {
      // Per address; each account also gets at most RESETS_PER_HOUR links an hour (service).
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
      schema: {
        tags: ['users'],
        summary: 'E-mail a password reset link (same answer for unknown e-mails)',
        body: forgotPasswordBody,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      const queued = await requestPasswordReset(req.ctx, req.body.email, publicOrigin(req));
      if (queued) app.jobs.wake();
      return { message: MSG.forgotPasswordSent };
    },
  );

  app.post(
    '/users/reset-password/:token',
    {
      config: { rateLimit: { max: 10, timeWindow: '15 minutes' } },
      schema: {
        tags: ['users'],
        summary: 'Set a new password with a reset token (401 when used or expired)',
        params: resetTokenParams,
        body: resetPasswordBody,
        response: { 200: messageSchema },
      },
    },
    async (req) => resetPassword(req.ctx, req.params.token, req.body.password),
  );
}
