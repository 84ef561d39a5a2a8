// Modules made by the messages plugin (scripts/messages-plugin.ts, ADR 0135).
declare module 'virtual:haat-messages' {
  import type { LanguageInfo } from '#shared/i18n/languages.ts';
  import type { MessageFormatElement } from 'react-intl';
  export const languages: LanguageInfo[];
  export const loaders: Record<string, () => Promise<{ default: Record<string, MessageFormatElement[]> }>>;
}
declare module 'virtual:haat-messages/all' {
  import type { MessageFormatElement } from 'react-intl';
  const all: Record<string, Record<string, MessageFormatElement[]>>;
  export default all;
}
