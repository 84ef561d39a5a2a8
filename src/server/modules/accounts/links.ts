import type { FastifyRequest } from 'fastify';

/**
 * The origin links in e-mails and signed links start with: PUBLIC_URL when it is set (it must be in
 * production, see README), else the origin the request came to — as the CSRF check does (plugins/auth.ts).
 */
export function publicOrigin(req: FastifyRequest): string {
  return req.server.config.publicUrl ?? `${req.protocol}://${req.host}`;
}
