import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { IntlProvider, useIntl, type MessageFormatElement } from 'react-intl';
import { namespaceOf, type LanguageInfo } from '#shared/i18n/languages.ts';

/** Compiled messages by id ('common.header.search' → ICU syntax tree). */
export type Messages = Record<string, MessageFormatElement[]>;

/**
 * Where a render's messages come from (ADR 0135). In the browser, namespaces load when a screen first
 * needs one (a rendered page brings those it used); the server renderer has every message and records
 * which namespaces a page used, to send them with the page.
 */
export type MessageSource = {
  language: LanguageInfo;
  snapshot: () => Messages;
  subscribe: (onChange: () => void) => () => void;
  has: (namespace: string) => boolean;
  load: (namespace: string) => Promise<void>;
  /** The namespaces rendered so far (the server renderer sends them with the page). */
  used: Set<string>;
};

type Loader = () => Promise<{ default: Messages }>;

/** A source that loads namespaces with `loaders` ('hi/cart' → chunk), starting from `initial`. */
export function createMessageSource(
  language: LanguageInfo,
  loaders: Record<string, Loader>,
  initial: { namespaces: string[]; messages: Messages } = { namespaces: [], messages: {} },
): MessageSource {
  let messages: Messages = initial.messages;
  const loaded = new Set(initial.namespaces);
  const loading = new Map<string, Promise<void>>();
  const listeners = new Set<() => void>();
  const load = (namespace: string): Promise<void> => {
    if (loaded.has(namespace)) return Promise.resolve();
    const known = loading.get(namespace);
    if (known) return known;
    const loader = loaders[`${language.code}/${namespace}`];
    const promise = (loader ? loader() : Promise.resolve({ default: {} }))
      // A chunk that cannot be fetched (offline, a new deploy): the screen shows message ids rather than
      // suspend for ever; the next page load fetches it again.
      .catch(() => ({ default: {} as Messages }))
      .then((mod) => {
        messages = { ...messages, ...mod.default };
        loaded.add(namespace);
        loading.delete(namespace);
        for (const listener of listeners) listener();
      });
    loading.set(namespace, promise);
    return promise;
  };
  return {
    language,
    snapshot: () => messages,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    has: (namespace) => loaded.has(namespace),
    load,
    used: new Set(),
  };
}

const SourceContext = createContext<MessageSource | null>(null);

/** The messages and the Intl locale (numbers, dates) of the page's language, for everything inside. */
export function I18nProvider({ source, children }: { source: MessageSource; children: ReactNode }) {
  const messages = useSyncExternalStore(source.subscribe, source.snapshot, source.snapshot);
  return (
    <SourceContext.Provider value={source}>
      <IntlProvider
        locale={source.language.intl}
        defaultLocale="en-IN"
        messages={messages}
        onError={reportIntlError}
      >
        {children}
      </IntlProvider>
    </SourceContext.Provider>
  );
}

/** A missing or broken message shows its id; the catalogue tests keep that from shipping. */
function reportIntlError(err: { code?: string; message: string }) {
  if (import.meta.env?.DEV) console.warn(`[i18n] ${err.message}`);
}

export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

export type Translate = ((id: string, values?: MessageValues) => string) & {
  /** A message with markup: `t.rich('x', { b: (chunks) => <b>{chunks}</b> })`. */
  rich: (id: string, values: RichValues) => ReactNode;
  /** The language the page is in. */
  language: LanguageInfo;
};

/**
 * The page's messages: `t('cart.empty')`, `t('cart.items', { count })`. Ids are full ('namespace.key'); a
 * namespace not loaded yet suspends the screen until it is (the layout's spinner shows meanwhile).
 */
export function useT(): Translate {
  const intl = useIntl();
  const source = useContext(SourceContext);
  if (!source) throw new Error('useT outside <I18nProvider>');
  const ensure = useCallback(
    (id: string) => {
      const namespace = namespaceOf(id);
      if (!source.has(namespace)) throw source.load(namespace);
      source.used.add(namespace);
    },
    [source],
  );
  const t = useCallback(
    (id: string, values?: MessageValues) => {
      ensure(id);
      return intl.formatMessage({ id }, values);
    },
    [intl, ensure],
  );
  const rich = useCallback(
    (id: string, values: RichValues) => {
      ensure(id);
      return intl.formatMessage({ id }, values as never) as ReactNode;
    },
    [intl, ensure],
  );
  return Object.assign(t, { rich, language: source.language });
}

/** The messages of the given namespaces, as the server sends them with a page. */
export function pickNamespaces(messages: Messages, namespaces: Iterable<string>): Messages {
  const wanted = new Set(namespaces);
  return Object.fromEntries(Object.entries(messages).filter(([id]) => wanted.has(namespaceOf(id))));
}
