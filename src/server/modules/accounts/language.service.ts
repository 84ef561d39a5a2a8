import { supportedLanguage } from '#shared/i18n/languages.ts';
import { invalid } from '../../lib/errors.ts';
import type { Ctx } from '../../lib/types.ts';
import { readCatalogues } from '../../lib/catalogues.ts';
import * as repo from './language.repo.ts';

/** The codes of the catalogues this server has (src/shared/i18n/locales; ADR 0135). */
export const LANGUAGE_CODES: readonly string[] = readCatalogues().map((c) => c.code);

export const UNKNOWN_LANGUAGE = 'Choose a language from the list.';

/**
 * PUT /api/users/language: a visitor's choice lives in their browser's cookie only; a signed-in user's is
 * also saved on their account, so every browser they sign in on and every e-mail follows it.
 */
export async function chooseLanguage(ctx: Ctx, language: string): Promise<string> {
  const code = supportedLanguage(language, LANGUAGE_CODES);
  if (!code) throw invalid(UNKNOWN_LANGUAGE, [{ path: 'language', message: UNKNOWN_LANGUAGE }]);
  if (ctx.actor) await repo.setUserLanguage(ctx.db, ctx.actor.id, code);
  return code;
}

/**
 * The language a browser speaks once `userId` has signed in: the account's saved choice; else the choice
 * this browser made before signing in (`browserChoice`), which becomes the account's. Null: neither.
 */
export async function languageAtSignIn(
  ctx: Ctx,
  userId: string,
  browserChoice: unknown,
): Promise<string | null> {
  const saved = supportedLanguage(await repo.findUserLanguage(ctx.db, userId), LANGUAGE_CODES);
  if (saved) return saved;
  const chosen = supportedLanguage(browserChoice, LANGUAGE_CODES);
  if (chosen) await repo.setUserLanguage(ctx.db, userId, chosen);
  return chosen;
}

/** The language to write a user's e-mails and documents in: their choice, else English. */
export async function userLanguage(ctx: Ctx, userId: string): Promise<string> {
  return supportedLanguage(await repo.findUserLanguage(ctx.db, userId), LANGUAGE_CODES) ?? 'en';
}
