// `npm start`: build the web app if it is missing or older than its sources, then run the server
// in this same process (so a signal to npm's child reaches the server directly).
import { buildWebIfStale } from './build-web.mjs';

const status = buildWebIfStale();
if (status !== 0) process.exit(status);

const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../src/server/main.ts');
await main();
