import type { FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '#shared/i18n/languages.ts';
import { languageBody, languageResponse } from '#shared/schemas/language.ts';
import type { App } from '../../lib/types.ts';
import { chooseLanguage, languageAtSignIn } from './language.service.ts';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The page language cookie (ADR 0135): read by the server for every page and by the web app, so not
 * HttpOnly; it holds nothing but a language code.
 */
export function setLanguageCookie(reply: FastifyReply, language: string) {
  const secure = reply.request.protocol === 'https' || !!reply.server.config.publicUrl?.startsWith('https:');
  reply.setCookie(LANGUAGE_COOKIE, language, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge: YEAR_SECONDS,
  });
}

/** After a sign-in or sign-up: the browser takes the account's language, or gives the account its own. */
export async function syncLanguageAtSignIn(req: FastifyRequest, reply: FastifyReply, userId: string) {
  const language = await languageAtSignIn(req.ctx, userId, req.cookies?.[LANGUAGE_COOKIE]);
  if (language) setLanguageCookie(reply, language);
}

/** The header's language switch. Under /api. */
export default async function languageRoutes(app: App) {
  app.put(
    '/users/language',
    {
      schema: {
        tags: ['users'],
        summary: 'Choose the language of the pages (and, signed in, of my e-mails)',
        body: languageBody,
        response: { 200: languageResponse },
      },
    },
    async (req, reply) => {
      const language = await chooseLanguage(req.ctx, req.body.language);
      setLanguageCookie(reply, language);
      return { language };
    },
  );
}
