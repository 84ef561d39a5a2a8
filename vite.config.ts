import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { haatMessages } from './scripts/messages-plugin.ts';
import { criticalCss } from './scripts/critical-css-plugin.ts';
import { storefrontChunks } from './scripts/storefront-chunks-plugin.ts';
import { STOREFRONT_PAGE_MODULES } from './src/shared/storefront-pages.ts';

const serverEntry = fileURLToPath(new URL('./src/web/entry-server.tsx', import.meta.url));

// The web app lives in src/web; the API server (src/server) serves the built files from dist/web.
// `vite build --ssr` builds the server renderer (src/web/entry-server.tsx) into dist/ssr, which the server
// loads at run time to render the storefront pages (docs/decisions/0126-server-rendering.md).
/**
 * Brotli and gzip copies of the built text files next to them (x.js.br, x.js.gz): the server sends them to
 * browsers that accept them (@fastify/static preCompressed) without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'haat-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const file = path.join(dir, name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The browser build runs the app on Preact instead of React (docs/decisions/0130-preact-in-the-browser.md):
 * the same components, 10 KiB of runtime instead of react-dom's 64, so a phone's first page stays under
 * 100 KiB of JavaScript. The server renderer and the dev server keep React (fast refresh needs it); the
 * browser tests run the built app, so they test what ships.
 */
const preactInTheBrowser = [
  {
    find: /^react-dom\/client$/,
    replacement: fileURLToPath(new URL('./src/web/compat/react-dom-client.ts', import.meta.url)),
  },
  {
    find: /^react-dom$/,
    replacement: fileURLToPath(new URL('./src/web/compat/react-dom.ts', import.meta.url)),
  },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // Messages arrive compiled (scripts/messages-plugin.ts): the browser needs no ICU parser (ADR 0135).
  {
    find: /^@formatjs\/icu-messageformat-parser$/,
    replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
  },
];

// A storefront page in a handful of files (docs/decisions/0144-storefront-chunks.md).
const chunks = storefrontChunks({
  home: STOREFRONT_PAGE_MODULES.home,
  product: STOREFRONT_PAGE_MODULES.product,
  listing: [STOREFRONT_PAGE_MODULES.search, STOREFRONT_PAGE_MODULES.category, STOREFRONT_PAGE_MODULES.shop],
});

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  resolve: command === 'build' && !isSsrBuild ? { alias: preactInTheBrowser } : {},
  publicDir: 'public',
  plugins: isSsrBuild
    ? [react(), haatMessages()]
    : [
        react(),
        haatMessages(),
        precompress(),
        criticalCss(Object.values(STOREFRONT_PAGE_MODULES)),
        chunks.plugin,
      ],
  build: isSsrBuild
    ? {
        ssr: serverEntry,
        copyPublicDir: false,
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        // Node runs the bundle as it is: only node's own modules stay outside it.
        rollupOptions: { input: serverEntry, output: { format: 'es' as const } },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        sourcemap: false,
        chunkSizeWarningLimit: 800,
        // Which chunks and stylesheets each page needs: the server preloads them in the HTML it renders.
        manifest: true,
        rolldownOptions: { output: { codeSplitting: chunks.codeSplitting } },
      },
  ssr: { noExternal: true },
  // The bundled React of the server renderer is its production build, whatever NODE_ENV the server has.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    port: 5173,
    // Keep the browser's Host header (changeOrigin false): the API checks Origin against it on
    // cookie-authenticated writes (docs/product/roles-and-accounts.md).
    proxy: Object.fromEntries(
      ['/api', '/uploads', '/dev', '/healthz'].map((p) => [
        p,
        { target: 'http://127.0.0.1:3000', changeOrigin: false },
      ]),
    ),
  },
}));
