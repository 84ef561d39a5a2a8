import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The one place the server's pino logger is configured: level, redaction and format. `buildApp` passes the
 * result to Fastify; `false` turns logging off (tests, LOG_LEVEL=silent).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return { level: config.logLevel };
}
