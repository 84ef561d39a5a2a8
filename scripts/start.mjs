// `npm start`: build the web app and compile the server if either is missing or older than its sources,
// then run the server in this same process (so a signal to npm's child reaches the server directly).
// Without a compiled server (esbuild missing or failing) the sources run through tsx instead.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServerIfStale, serverOutDir } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

const status = buildWebIfStale();
if (status !== 0) process.exit(status);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let server;
if ((await buildServerIfStale()) === 0) {
  server = await import(pathToFileURL(path.join(serverOutDir, 'main.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  server = await import(pathToFileURL(path.join(root, 'src/server/main.ts')).href);
}
await server.main();
