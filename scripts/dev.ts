// `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot module
// replacement, side by side. Open http://localhost:5173; Vite proxies /api and /uploads to the API.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn(bin('vite'), ['--host', process.env.HOST ?? '127.0.0.1'], { cwd: root, stdio: 'inherit' }),
];

let exiting = false;
function stopAll(code: number) {
  if (exiting) return;
  exiting = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
