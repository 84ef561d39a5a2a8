import { messageSchema } from '#shared/schemas/common.ts';
import { sellerEmailBody } from '#shared/schemas/user.ts';
import type { App } from '../../lib/types.ts';
import { clearSessionCookie } from '../../plugins/auth.ts';
import { publicOrigin } from '../../lib/links.ts';
import { requestVerificationEmail, withdrawRegistration } from './seller-onboarding.service.ts';
import { signedIn } from '../../plugins/context.ts';

/** Seller sign-up steps after POST /api/users (docs/product/orders-and-checkout.md#checkout-flow). Under /api. */
export default async function sellerOnboardingRoutes(app: App) {
  app.post(
    '/users/seller-verification-email',
    {
      config: { rateLimit: { max: 20, timeWindow: '15 minutes' } },
      schema: {
        tags: ['users'],
        summary: "Send the seller's 'under review' e-mail (once; asking again is harmless)",
        body: sellerEmailBody,
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      const { message, queued } = await requestVerificationEmail(
        signedIn(req),
        req.body.email,
        publicOrigin(req),
      );
      if (queued) app.jobs.wake();
      return { message };
    },
  );

  app.delete(
    '/users/registration',
    {
      schema: {
        tags: ['users'],
        summary: 'Withdraw my unfinished seller sign-up (inactive, no documents yet)',
        response: { 200: messageSchema },
      },
    },
    async (req, reply) => {
      const result = await withdrawRegistration(signedIn(req));
      clearSessionCookie(reply);
      return result;
    },
  );
}
