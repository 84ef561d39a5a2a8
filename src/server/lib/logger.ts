import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Config } from '../config.ts';

/**
 * The one place the server's pino logger is configured: level, redaction and format. `buildApp` passes the
 * result to Fastify; `false` turns logging off (tests, LOG_LEVEL=silent). `stream`, when given, receives
 * the JSON lines instead of stdout (a test reads its log this way).
 */
export function loggerOptions(config: Config, stream?: DestinationStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const redaction = {
    redact: { paths: REDACT_PATHS },
    serializers: { err: errSerializer, req: reqSerializer },
  };
  if (stream) return { level: config.logLevel, ...redaction, stream };
  return { level: config.logLevel, ...redaction, ...logFormat(config) };
}

// ——— Redaction (docs/decisions/0017-log-redaction.md) ———

/**
 * Fields that must never reach a log line whoever logs them: credentials, tokens, contact details, addresses
 * and bank/identity numbers (the names our schemas and the providers' payloads use). Matched at the top
 * level and two levels down (`{ body: { email } }`, `{ payment: { contact } }`).
 */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'passwordHash',
  'password_hash',
  'token',
  'accessToken',
  'refreshToken',
  'signature',
  'razorpay_signature',
  'email',
  'recipient',
  'phone',
  'contact',
  'vpa',
  'address',
  'shippingAddress',
  'billingAddress',
  'postalCode',
  'bank_account',
  'bankAccount',
  'identifyProofNumber',
  'buisnessRegistrationCode',
  'verificationDocs',
];
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]),
];

/** What of an error is logged besides its type, message and stack: codes and the names of the objects. */
const ERROR_KEYS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'routine'];

/**
 * Errors keep only ERROR_KEYS (and their cause, the same way). Drizzle's DrizzleQueryError carries the SQL
 * and every parameter (a new user's scrypt hash, e-mail, phone, address), in `query`/`params` and in its
 * message; PostgreSQL's errors carry row values in `detail` and `where`, and in some messages
 * (`invalid input syntax for type uuid: "…"`). A query error is logged as the database's own error: code,
 * message without values, constraint, and the stack of the query.
 */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

export function errSerializer(err: Error, depth = 0): SerializedError {
  const e = err as Error & Record<string, unknown>;
  const out: SerializedError = { type: e.constructor.name, message: '', stack: '' };
  for (const key of ERROR_KEYS) if (e[key] !== undefined) out[key] = e[key];
  const cause = e.cause instanceof Error ? (e.cause as Error & Record<string, unknown>) : null;
  // DrizzleQueryError: its message is the SQL and the values; the database's error says what went wrong.
  const queryError = 'params' in e || 'query' in e;
  if (queryError && cause?.code !== undefined) out.code = cause.code;
  out.message = queryError
    ? cause
      ? `Failed query: ${withoutValues(cause.message)}`
      : 'Failed query'
    : withoutValues(e.message);
  out.stack = `${e.name}: ${out.message}${framesOf(e)}`;
  if (cause && depth < 5) out.cause = errSerializer(cause, depth + 1);
  else delete out.cause;
  return out;
}

/** A message minus the values PostgreSQL quotes at its end (`…: "the value"`) and any e-mail address. */
function withoutValues(message: string): string {
  return message
    .replace(/: ".*"$/s, ': [Redacted]')
    .replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi, '[Redacted]');
}

/** The "    at …" lines of a stack, found after the message (which may itself hold such text). */
function framesOf(e: Error): string {
  const stack = typeof e.stack === 'string' ? e.stack : '';
  const afterMessage = stack.indexOf(e.message);
  const from = afterMessage === -1 ? 0 : afterMessage + e.message.length;
  const frames = stack.indexOf('\n    at ', from);
  return frames === -1 ? '' : stack.slice(frames);
}

/** Request lines: no query-string values (searches by e-mail, signed links) and no token in the path. */
export function reqSerializer(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q === -1 ? url : url.slice(0, q)).replace(/(\/reset-password\/)[^/?#]+/i, '$1[Redacted]');
  if (q === -1) return path;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[Redacted]`);
  return `${path}?${names.join('&')}`;
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
