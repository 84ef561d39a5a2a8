// `npm start`: build the web app if it is missing or older than its sources, then run the server
// in this same process (so a signal to npm's child reaches the server directly).
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

const index = path.join(root, 'dist/web/index.html');
const sources = Math.max(newest(path.join(root, 'src/web')), newest(path.join(root, 'src/shared')));
if (!fs.existsSync(index) || fs.statSync(index).mtimeMs < sources) {
  process.stdout.write('[haat] building the web app…\n');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../src/server/main.ts');
await main();
