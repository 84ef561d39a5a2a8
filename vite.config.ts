import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const serverEntry = fileURLToPath(new URL('./src/web/entry-server.tsx', import.meta.url));

// The web app lives in src/web; the API server (src/server) serves the built files from dist/web.
// `vite build --ssr` builds the server renderer (src/web/entry-server.tsx) into dist/ssr, which the server
// loads at run time to render the storefront pages (docs/decisions/0126-server-rendering.md).
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
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
