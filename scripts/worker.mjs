// `npm run worker`, and the job worker `npm start` forks (JOB_RUNNER=separate, the default): runs the compiled
// worker (dist/server/worker.js) when it is up to date, else its sources through tsx
// (docs/decisions/0140-compiled-server-and-job-worker.md). It never builds: `npm start` or `npm run build` does.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverIsFresh, serverOutDir } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let worker;
if (serverIsFresh()) {
  worker = await import(pathToFileURL(path.join(serverOutDir, 'worker.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  worker = await import(pathToFileURL(path.join(root, 'src/server/worker.ts')).href);
}
await worker.runWorker();
