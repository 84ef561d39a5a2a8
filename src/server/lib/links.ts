import type { FastifyRequest } from 'fastify';
import { linkOrigin } from '../config.ts';

/**
 * The origin links in e-mails and signed links start with: PUBLIC_URL (required in production), else, in
 * loopback development, the address the server listens on. Never the request's Host or X-Forwarded-Host
 * header: a client that chooses it would receive another user's reset link.
 */
export function publicOrigin(req: FastifyRequest): string {
  return linkOrigin(req.server.config);
}
