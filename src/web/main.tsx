import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createRouter, preloadRoute } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { setSiteOrigin } from './lib/site-origin.ts';
import { HydrationDone, markHydrated } from './lib/use-hydrated.ts';
import { switchToFullStylesheet } from './lib/full-stylesheet.ts';
import { attachMessageSource } from './lib/i18n/needed-messages.ts';
import { loaders } from 'virtual:haat-messages';
import { createMessageSource, type Messages } from './lib/i18n/i18n.tsx';
import { languageInfo, pageLanguage } from './lib/i18n/page-language.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// A storefront page the server rendered (docs/decisions/0126-server-rendering.md) carries the data it was
// rendered with: prime the query client with it and hydrate the HTML. Any other page starts empty.
const rendered = document.getElementById('haat-data');
type PageData = {
  origin: string;
  queries: DehydratedState;
  i18n?: { language: string; namespaces: string[]; messages: Messages };
};
const data = rendered?.textContent ? (JSON.parse(rendered.textContent) as PageData) : null;
const language = data?.i18n ? languageInfo(data.i18n.language) : pageLanguage();
document.documentElement.lang = language.code;
const messages = createMessageSource(language, loaders, data?.i18n);
attachMessageSource(messages);
const queryClient = createQueryClient();
const router = createRouter();
// A storefront page inlines only its part of the stylesheet: the whole one before any other page shows.
const firstLocation = router.state.location;
const stopWatching = router.subscribe((state) => {
  if (state.location === firstLocation && state.navigation.state === 'idle') return;
  switchToFullStylesheet();
  stopWatching();
});
const app = (
  <StrictMode>
    <Providers client={queryClient} messages={messages}>
      <RouterProvider router={router} />
      <HydrationDone />
    </Providers>
  </StrictMode>
);

if (data) {
  setSiteOrigin(data.origin);
  hydrate(queryClient, data.queries);
  // The page's code first: hydrating over a page that is still loading would make React drop the
  // server's HTML of it as soon as anything above it changes.
  void preloadRoute(window.location.pathname).finally(() => hydrateRoot(root, app));
} else {
  // Without a server-rendered page, the server may still have put a product page's <head> tags in for
  // crawlers; the page renders its own once running, so drop the server's copies to avoid duplicates.
  for (const el of document.head.querySelectorAll('[data-ssr]')) el.remove();
  markHydrated();
  // The shell's messages first (header, footer, the header's category menu), so the page does not start
  // with a spinner for them.
  void Promise.all([messages.load('common'), messages.load('catalogMenu')])
    .catch(() => undefined)
    .finally(() => createRoot(root).render(app));
}
