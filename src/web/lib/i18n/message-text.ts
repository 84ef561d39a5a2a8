import { useCallback } from 'react';
import { loaders } from 'virtual:haat-messages';
import { DEFAULT_LANGUAGE } from '#shared/i18n/languages.ts';
import {
  createLookup,
  MESSAGE_NAMESPACES,
  translateMessage,
  type MessageLookup,
} from '#shared/i18n/message-lookup.ts';
import { errorMessage } from '../api-client.ts';
import { useT } from './i18n.tsx';

/**
 * The shared schemas' messages (which the forms' zodResolver gives as English text) and the web app's own
 * fallback error texts, in the page's language (docs/decisions/0136-translated-server-messages.md): the
 * English text is looked up in the English `errors` and `validation` messages, the same lookup the server
 * uses, and its id is said with `t`. The server already answers in the page's language (it reads the same
 * cookie), and text the catalogue lacks is shown as it is, so any message can go through it.
 *
 *     const say = useMessageText();
 *     <TextField error={say(errors.email?.message)} … />
 *
 * English pages load nothing. Other languages load the English `errors` and `validation` messages once,
 * the first time a screen asks (the screen suspends meanwhile, as for any namespace).
 */

let englishLookup: MessageLookup | null = null;
let loading: Promise<void> | null = null;

function loadEnglish(): Promise<void> {
  loading ??= Promise.all(
    MESSAGE_NAMESPACES.map((ns) => loaders[`${DEFAULT_LANGUAGE}/${ns}`]?.() ?? { default: {} }),
  )
    .then((modules) => {
      englishLookup = createLookup(Object.assign({}, ...modules.map((m) => m.default)));
    })
    // Offline or a new deploy: messages stay in English rather than the screen waiting for ever.
    .catch(() => {
      englishLookup = createLookup({});
    });
  return loading;
}

const unchanged = <T extends string | undefined>(text: T): T => text;

/** A function saying an English schema or error message in the page's language (undefined stays so). */
export function useMessageText(): <T extends string | undefined>(text: T) => T {
  const t = useT();
  const english = t.language.code === DEFAULT_LANGUAGE;
  // Server rendering has no loaders to wait for: the page's text is sent as the code wrote it.
  const skip = english || typeof window === 'undefined';
  if (!skip && !englishLookup) throw loadEnglish();
  if (!skip) {
    // Load this language's errors and validation messages now, while rendering, so that calling the
    // function later (in an event handler) never has to wait for them.
    t('errors.notFound');
    t('validation.invalidId');
  }
  const say = useCallback(
    <T extends string | undefined>(text: T): T =>
      text === undefined || !englishLookup
        ? text
        : (translateMessage(englishLookup, text, (id, values) => t(id, values)) as T),
    [t],
  );
  return skip ? unchanged : say;
}

/** `errorMessage` (the text to show for any thrown value) in the page's language. */
export function useErrorMessage(): (error: unknown) => string {
  const say = useMessageText();
  return useCallback((error: unknown) => say(errorMessage(error)), [say]);
}
