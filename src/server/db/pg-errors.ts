/**
 * Reading PostgreSQL's answer to a failed write. Repos and services use it to turn a broken unique key
 * (two reviews by one user, a reused e-mail, a replayed Idempotency-Key) into an expected outcome, so the
 * database, not a check-then-act, decides the race. Outage errors are in ./errors.ts.
 */

/**
 * The unique constraint a failed write broke, or undefined when the error is something else.
 * Drizzle wraps the driver's error in `cause`.
 */
export function uniqueViolation(err: unknown): string | undefined {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const pgErr = e as { code?: unknown; constraint?: unknown };
    if (pgErr.code === '23505') return typeof pgErr.constraint === 'string' ? pgErr.constraint : '';
  }
  return undefined;
}
