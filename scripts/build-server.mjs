// Compile the server (src/server, with what it imports from src/shared) into dist/server with esbuild, so
// `npm start` runs plain JavaScript instead of compiling TypeScript through tsx at every start
// (docs/decisions/0140-compiled-server-and-job-worker.md). Used by `npm run build` and by `npm start`
// when dist/server is missing or older than its sources.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { newest } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = path.join(root, 'dist/server');
/** The compiled entry points: the web server and the job worker. */
export const serverEntries = { main: 'src/server/main.ts', worker: 'src/server/worker.ts' };

/** Whether every compiled entry exists and is at least as new as src/server, src/shared and this script. */
export function serverIsFresh() {
  const sources = Math.max(
    newest(path.join(root, 'src/server')),
    newest(path.join(root, 'src/shared')),
    fs.statSync(path.join(root, 'package.json')).mtimeMs,
    fs.statSync(fileURLToPath(import.meta.url)).mtimeMs,
  );
  return Object.keys(serverEntries).every((name) => {
    const file = path.join(serverOutDir, `${name}.js`);
    return fs.existsSync(file) && fs.statSync(file).mtimeMs >= sources;
  });
}

/**
 * Each source module keeps its own `import.meta.url` (data files are found relative to it: migrations,
 * locales, pincodes, fonts, dist/web): it becomes the URL of the source file, computed from the bundle's
 * own URL, so a checkout moved elsewhere still finds them.
 */
const keepModuleUrls = {
  name: 'keep-module-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
      const rel = path.relative(serverOutDir, args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(rel)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

/** Returns 0 when the build succeeded, 1 when it failed (esbuild has printed why). */
export async function buildServer() {
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    process.stderr.write('[haat] esbuild is not installed: the server runs from its sources (tsx)\n');
    return 1;
  }
  const tmp = `${serverOutDir}.tmp-${process.pid}`;
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: Object.fromEntries(Object.entries(serverEntries).map(([k, v]) => [k, path.join(root, v)])),
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      // Packages load from node_modules as they do under tsx (native ones such as sharp and pg must).
      packages: 'external',
      sourcemap: 'linked',
      // Chunks beside the entries: a module's URL is rewritten relative to dist/server (keepModuleUrls).
      chunkNames: '[name]-[hash]',
      logLevel: 'warning',
      plugins: [keepModuleUrls],
    });
  } catch {
    fs.rmSync(tmp, { recursive: true, force: true });
    return 1;
  }
  // Swap in whole, so a running start never sees half a build.
  fs.rmSync(serverOutDir, { recursive: true, force: true });
  fs.renameSync(tmp, serverOutDir);
  return 0;
}

/** Build dist/server unless it is fresh; returns the exit status (0 also when it was fresh). */
export async function buildServerIfStale() {
  if (serverIsFresh()) return 0;
  process.stdout.write('[haat] compiling the server…\n');
  return buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await buildServer();
}
