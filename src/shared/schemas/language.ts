import { z } from 'zod';

/** A language's catalogue code ('en', 'hi'); which ones exist is the server's catalogue list (ADR 0135). */
export const languageCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2,3}$/, 'Choose a language from the list.');

/** PUT /api/users/language: the header's language switch. */
export const languageBody = z.object({ language: languageCode });
export const languageResponse = z.object({ language: z.string() });
