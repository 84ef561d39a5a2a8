import type { App } from '../../lib/types.ts';
import accountsRoutes from './accounts.routes.ts';
import languageRoutes from './language.routes.ts';
import passwordResetRoutes from './password-reset.routes.ts';
import sellerOnboardingRoutes from './seller-onboarding.routes.ts';

/** The accounts module's one plugin (ADR 0019): sign-up, sign-in, profile, password reset, seller onboarding, language. */
export default async function accountsPlugin(app: App) {
  await app.register(accountsRoutes);
  await app.register(passwordResetRoutes);
  await app.register(sellerOnboardingRoutes);
  await app.register(languageRoutes);
}
