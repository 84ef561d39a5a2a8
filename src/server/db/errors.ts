/**
 * Recognising "the database is not there right now" (ADR 0016). Such a failure says nothing about the
 * request, so it is answered 503 with Retry-After instead of 500: the client may try again and, with an
 * Idempotency-Key, gets the same outcome. Anything else (a constraint, a bug) stays a 500.
 */

/** Socket-level failures: the server is down, restarting, or the network between us dropped. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of an unavailable server: 57P01 admin shutdown (fast/smart stop), 57P02 crash shutdown (another
 * backend crashed), 57P03 cannot connect now (starting up or in recovery), 53300 too many connections.
 * Class 08 (connection exceptions) is matched by prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Messages node-postgres and pg-pool use for their own timeouts and broken connections (no code set). */
const CLIENT_MESSAGES = [
  'Connection terminated', // "… unexpectedly", "… due to connection timeout"
  'timeout exceeded when trying to connect', // waiting for a pool client: connectionTimeoutMillis
  'Query read timeout', // query_timeout: the server did not answer (frozen or unreachable)
  'is not queryable', // "Client has encountered a connection error and is not queryable"
  'Connection ended unexpectedly',
];

function matches(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))
      return true;
    // 57014 is also a user's cancel request; only the statement_timeout we set counts as unavailability.
    if (code === '57014') return err.message.includes('statement timeout');
  }
  return CLIENT_MESSAGES.some((m) => err.message.includes(m));
}

/**
 * True when `err` (or anything in its `cause` chain: Drizzle wraps driver errors) means the database is
 * unreachable, restarting, or did not answer within our timeouts.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return outageCause(err) !== null;
}

/**
 * The driver-level error that shows the outage (safe to log: unlike Drizzle's wrapper, its message
 * carries no SQL parameters), or null when `err` is not an outage.
 */
export function outageCause(err: unknown): { code?: string; message: string } | null {
  const seen = new Set<unknown>();
  for (let e: unknown = err; e && !seen.has(e); e = (e as { cause?: unknown }).cause) {
    seen.add(e);
    const inner = e instanceof AggregateError ? e.errors.find((x) => matches(x)) : undefined;
    const found: unknown = matches(e) ? e : inner;
    if (found instanceof Error) {
      const code = (found as { code?: unknown }).code;
      return { ...(typeof code === 'string' ? { code } : {}), message: found.message };
    }
  }
  return null;
}
