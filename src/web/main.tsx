import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createRouter } from './app/router.tsx';

// The server renders a product page's <head> tags (title, Open Graph, JSON-LD) for crawlers; the page
// renders its own once running, so drop the server's copies to avoid duplicates.
for (const el of document.head.querySelectorAll('[data-ssr]')) el.remove();

const router = createRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
