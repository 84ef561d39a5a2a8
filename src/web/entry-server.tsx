import { AsyncLocalStorage } from 'node:async_hooks';
import { dehydrate, type Query } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { isApiError, setApiFetch } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { setSiteOrigin } from './lib/site-origin.ts';
import allMessages from 'virtual:haat-messages/all';
import { pickNamespaces, type MessageSource } from './lib/i18n/i18n.tsx';
import { languageInfo } from './lib/i18n/page-language.ts';

/**
 * Server rendering of the storefront pages (docs/decisions/0126-server-rendering.md). The server
 * (src/server/web/) imports the built copy of this file (dist/ssr) at run time and calls `render` for each
 * page request; the browser then hydrates the HTML with the same query data (main.tsx).
 *
 * The pages fetch their data with TanStack Query hooks, which do not fetch while the server renders, so
 * `render` renders, fetches every query the render asked for, and renders again, until a render asks for
 * nothing new (at most MAX_PASSES renders). Requests go to the app itself through the `fetch` the server
 * gives for this page request (the visitor's cookie goes with them), so the HTML holds exactly what the
 * browser would have fetched.
 */

/** Enough for the deepest chain: the session, catalogue and page data, then what the page's data names. */
const MAX_PASSES = 4;

export type RenderInput = {
  /** Path and query of the page ('/product/…?x=y'). */
  url: string;
  /** The site's public origin (PUBLIC_URL), for absolute links in the page. */
  origin: string;
  /** Answers the web app's API requests for this page request. */
  fetch: typeof fetch;
  /** The page's language (a catalogue's code; the server picked it, ADR 0135). */
  language: string;
};

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** <title>, <meta>, <link> tags the page rendered (React hoists them): they belong in <head>. */
      head: string;
      /** The markup inside #root. */
      body: string;
      /** JSON for the browser: the origin and the dehydrated queries (escaped for a <script> element). */
      data: string;
      /**
       * Some request failed other than with 404 (a database blip): the page shows that data loading, the
       * browser fetches it. The server must not store this page or let anyone else store it.
       */
      incomplete?: boolean;
    };

const requests = new AsyncLocalStorage<typeof fetch>();
setApiFetch((input, init) => {
  const fetchForPage = requests.getStore();
  if (!fetchForPage) return Promise.reject(new Error('An API request outside a page render'));
  return fetchForPage(input, init);
});

const handler = createStaticHandler(routes);

/** Tags React hoists to the front of a partial render, which belong in the document's <head>. */
const HOISTED = /^(?:<title\b[^>]*>[^<]*<\/title>|<(?:meta|link|base)\b[^>]*>)/;

export async function render(input: RenderInput): Promise<RenderResult> {
  setSiteOrigin(input.origin);
  return requests.run(input.fetch, () => renderPage(input));
}

/** Every message of the page's language at hand; the namespaces the render uses go to the browser. */
function serverMessages(code: string): MessageSource {
  const language = languageInfo(code);
  const messages = allMessages[language.code] ?? {};
  return {
    language,
    snapshot: () => messages,
    subscribe: () => () => undefined,
    has: () => true,
    load: () => Promise.resolve(),
    used: new Set(['common']),
  };
}

async function renderPage({ url, origin, language }: RenderInput): Promise<RenderResult> {
  const context = await handler.query(new Request(new URL(url, origin)));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }

  const queryClient = createQueryClient();
  // A failed request is left to the browser, which retries and shows the error as it always does.
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const cache = queryClient.getQueryCache();
  const failed = new Map<string, unknown>();
  const messages = serverMessages(language);

  const app = (): ReactNode => (
    <StrictMode>
      <Providers client={queryClient} messages={messages}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </Providers>
    </StrictMode>
  );

  let html = '';
  for (let pass = 1; ; pass++) {
    html = await renderOnce(app());
    const wanted = cache.getAll().filter((q) => isWanted(q) && !failed.has(q.queryHash));
    if (wanted.length === 0 || pass === MAX_PASSES) break;
    await Promise.all(
      wanted.map(async (q) => {
        try {
          await q.fetch();
        } catch (error) {
          failed.set(q.queryHash, error);
          // Back to "loading" in the HTML: the browser asks again and shows the answer itself, as
          // without server rendering (an error state would not survive the trip as the same object).
          cache.remove(q);
        }
      }),
    );
  }

  let head = '';
  let body = html;
  for (let m = HOISTED.exec(body); m; m = HOISTED.exec(body)) {
    head += m[0];
    body = body.slice(m[0].length);
  }

  const notFound =
    context.matches.some((m) => m.route.path === '*') ||
    [...failed.values()].some((e) => isApiError(e) && e.status === 404);
  const i18n = {
    language: messages.language.code,
    namespaces: [...messages.used],
    messages: pickNamespaces(messages.snapshot(), messages.used),
  };
  const data = JSON.stringify({ origin, queries: dehydrate(queryClient), i18n }).replace(/</g, '\\u003c');
  const incomplete = [...failed.values()].some((e) => !(isApiError(e) && e.status === 404));
  return {
    kind: 'page',
    status: notFound ? 404 : context.statusCode,
    head,
    body,
    data,
    ...(incomplete ? { incomplete } : {}),
  };
}

/** A query a render asked for that has no data yet and may be fetched. */
function isWanted(query: Query): boolean {
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled = (query.options as { enabled?: unknown }).enabled;
  if (typeof enabled === 'function') return (enabled as (q: Query) => boolean)(query) !== false;
  return enabled !== false;
}

/**
 * Render to HTML. The synchronous renderer is several times cheaper, and enough once the page's lazy
 * chunks have loaded (the first request for each page in this process): when something suspended it
 * left a client-rendered boundary (`<!--$!-->`), and the render waits for everything instead.
 */
async function renderOnce(node: ReactNode): Promise<string> {
  const html = renderToString(node);
  if (!html.includes('<!--$!-->') && !html.includes('<!--$?-->')) return html;
  return renderComplete(node);
}

/** Render to HTML once every lazy page and Suspense boundary has resolved. */
async function renderComplete(node: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(node, {
    // Every boundary in place, none sent after the shell to be moved by an inline script (which the
    // Content-Security-Policy refuses, and which would cost a swap after the first paint).
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => {
      errors.push(error);
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  if (errors.length > 0) throw errors[0] instanceof Error ? errors[0] : new Error(String(errors[0]));
  return Buffer.concat(chunks).toString('utf8');
}
