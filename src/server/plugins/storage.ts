import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { createStorage, LocalStorage, PUBLIC_PREFIX, type Storage } from '../lib/storage.ts';
import type { App } from '../lib/types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded and generated files (product images, shop pictures, private KYC documents). */
    storage: Storage;
  }
}

/**
 * Decorates `app.storage` and serves public files at `/uploads/<key>`. Only the public folder is
 * handed to the static server; private files (KYC documents) have no URL at all. File names are
 * random and never rewritten in place, so they may be cached for a year.
 */
export const storagePlugin = fp(async (app: App) => {
  const storage = createStorage(app.config);
  app.decorate('storage', storage);

  if (storage instanceof LocalStorage) {
    await fs.mkdir(storage.publicDir, { recursive: true });
    // An encapsulated context under /uploads, so its not-found handler (a plain JSON 404, never the
    // web app's index.html fallback) applies to missing uploads only.
    await app.register(
      async (uploads) => {
        uploads.setNotFoundHandler((_req, reply) => reply.status(404).send({ message: 'Not found' }));
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
      },
      { prefix: PUBLIC_PREFIX.replace(/\/$/, '') },
    );
  }
});
