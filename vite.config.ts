import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web; the API server (src/server) serves the built files from dist/web.
export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
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
});
