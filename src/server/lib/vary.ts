import type { FastifyReply } from 'fastify';

/** Adds headers to the answer's `Vary`, keeping the ones already there (each named once). */
export function addVary(reply: FastifyReply, ...headers: string[]): void {
  let vary = String(reply.getHeader('vary') ?? '');
  for (const header of headers)
    if (!new RegExp(`\\b${header}\\b`, 'i').test(vary)) vary = vary ? `${vary}, ${header}` : header;
  void reply.header('vary', vary);
}

/**
 * The answer is in the request's language, chosen by the `haat_lang` cookie, else Accept-Language
 * (ADR 0135, 0136): a shared cache must keep the languages apart.
 */
export const varyOnLanguage = (reply: FastifyReply): void => addVary(reply, 'Accept-Language', 'Cookie');
