import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The one place the server's pino logger is configured: level, redaction and format. `buildApp` passes the
 * result to Fastify; `false` turns logging off (tests, LOG_LEVEL=silent).
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return { level: config.logLevel, ...logFormat(config) };
}

/**
 * Production logs stay JSON, one object per line, for whatever collects them. In development, on a
 * terminal, pino-pretty prints one readable line per entry (time, level, message, request id); piped
 * elsewhere (a file, a test), development logs are JSON too.
 */
export function logFormat(
  config: Pick<Config, 'production'>,
  tty: boolean = process.stdout.isTTY === true,
): Pick<NonNullable<Exclude<FastifyServerOptions['logger'], boolean>>, 'transport'> {
  if (config.production || !tty) return {};
  return {
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}
