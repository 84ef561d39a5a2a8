// Build the web app (vite) when dist/web or dist/ssr is missing or older than its sources. Used by `npm start` and
// `npm test` (the API tests check the server-rendered index.html; the browser tests serve it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The latest modification time of any file under `dir` (ms). */
export function newest(dir) {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const vite = (...args) =>
  spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args], {
    cwd: root,
    stdio: 'inherit',
  }).status ?? 1;

/**
 * Returns the exit status of the build, or 0 when the build was up to date. Builds the browser app
 * (dist/web) and the server renderer of the storefront pages (dist/ssr, docs/decisions/0126-server-rendering.md).
 */
export function buildWebIfStale() {
  const outputs = ['dist/web/index.html', 'dist/ssr/entry-server.js'].map((f) => path.join(root, f));
  const sources = Math.max(
    newest(path.join(root, 'src/web')),
    newest(path.join(root, 'src/shared')),
    fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
    // The messages plugin and the catalogue reader it uses (ADR 0135).
    fs.statSync(path.join(root, 'scripts/messages-plugin.ts')).mtimeMs,
    fs.statSync(path.join(root, 'src/server/lib/catalogues.ts')).mtimeMs,
  );
  if (outputs.every((f) => fs.existsSync(f) && fs.statSync(f).mtimeMs >= sources)) return 0;
  process.stdout.write('[haat] building the web app…\n');
  return vite('--logLevel', 'warn') || vite('--ssr', '--logLevel', 'warn');
}
