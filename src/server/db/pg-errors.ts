/**
 * Reading PostgreSQL's answer to a failed write. Repos and services use it to turn a broken key (two
 * reviews by one user, a reused e-mail, a replayed Idempotency-Key, a row others still point at) into an
 * expected outcome, so the database, not a check-then-act, decides the race. Outage errors are in
 * ./errors.ts.
 */

/** The driver's error with a SQLSTATE, looked for through Drizzle's `cause` wrapping. */
function pgError(err: unknown, sqlState: string): { constraint?: unknown } | undefined {
  for (
    let e: unknown = err, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if ((e as { code?: unknown }).code === sqlState) return e as { constraint?: unknown };
  }
  return undefined;
}

/** The unique constraint a failed write broke (23505), or undefined when the error is something else. */
export function uniqueViolation(err: unknown): string | undefined {
  const e = pgError(err, '23505');
  if (!e) return undefined;
  return typeof e.constraint === 'string' ? e.constraint : '';
}

/** Whether a failed write broke a foreign key (23503: a row elsewhere still points at it). */
export function foreignKeyViolation(err: unknown): boolean {
  return pgError(err, '23503') !== undefined;
}
