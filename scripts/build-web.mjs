// Build the web app (vite) when dist/web is missing or older than its sources. Used by `npm start` and
// `npm test` (the API tests check the server-rendered index.html; the browser tests serve it).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let t = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Returns the exit status of the build, or 0 when the build was up to date. */
export function buildWebIfStale() {
  const index = path.join(root, 'dist/web/index.html');
  const sources = Math.max(newest(path.join(root, 'src/web')), newest(path.join(root, 'src/shared')));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs >= sources) return 0;
  process.stdout.write('[haat] building the web app…\n');
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  return r.status ?? 1;
}
