import fp from 'fastify-plugin';
import type { App } from '../lib/types.ts';

// Placeholder: the storage plugin (local uploads / S3, public /uploads/ serving) is being written.
export const storagePlugin = fp(async (_app: App) => {});
