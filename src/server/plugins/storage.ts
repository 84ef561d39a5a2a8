import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import {
  createStorage,
  isSafeKey,
  LocalStorage,
  PUBLIC_CACHE_CONTROL,
  PUBLIC_PREFIX,
  S3Storage,
  type Storage,
} from '../lib/storage.ts';
import type { App } from '../lib/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded and generated files (product images, shop pictures, private KYC documents). */
    storage: Storage;
  }
}

/**
 * Decorates `app.storage` and serves public files at `/uploads/<key>`. Private files (KYC documents)
 * have no URL at all: on disk only the public folder is handed to the static server; on S3 the route
 * asks the storage for public files only. File names are random and never rewritten in place, so they
 * are cached for a year.
 */
export const storagePlugin = fp(async (app: App) => {
  const storage = await createStorage(app.config);
  app.decorate('storage', storage);
  if (storage instanceof S3Storage) app.addHook('onClose', async () => storage.close());

  // An encapsulated context under /uploads, so its not-found handler (a plain JSON 404, never the web
  // app's index.html fallback) applies to missing uploads only.
  await app.register(
    async (uploads) => {
      uploads.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Not found' }));

      if (storage instanceof LocalStorage) {
        await fs.mkdir(storage.publicDir, { recursive: true });
        await uploads.register(fastifyStatic, {
          root: storage.publicDir,
          prefix: '/',
          decorateReply: false,
          index: false,
          redirect: false,
          dotfiles: 'deny',
          acceptRanges: true,
          maxAge: '365d',
          immutable: true,
        });
        return;
      }

      uploads.get('/*', { schema: { hide: true } }, async (req, reply) => {
        const key = (req.params as { '*': string })['*'];
        const file = isSafeKey(key) ? await storage.get(key, 'public') : null;
        if (!file) return reply.status(404).send({ message: 'Not found' });
        return reply
          .header('content-type', file.contentType)
          .header('cache-control', PUBLIC_CACHE_CONTROL)
          .header('content-length', file.data.length)
          .send(file.data);
      });
    },
    { prefix: PUBLIC_PREFIX.replace(/\/$/, '') },
  );
});
