import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, outageCause } from './errors.ts';

/** Which failures count as "the database is not there" (503) and which stay errors (500); ADR 0016. */

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) =>
  new DrizzleQueryError('insert into users values ($1)', ['secret@x.test'], cause);

describe('isDatabaseUnavailable', () => {
  it.each([
    [
      'connection refused',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['connection reset', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['admin shutdown 57P01', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown 57P02', pgError('57P02')],
    ['cannot connect now 57P03', pgError('57P03', 'the database system is starting up')],
    ['connection exception class 08', pgError('08006')],
    ['too many connections', pgError('53300')],
    ['our statement timeout', pgError('57014', 'canceling statement due to statement timeout')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['new connection timeout', new Error('Connection terminated due to connection timeout')],
    ['connection lost', new Error('Connection terminated unexpectedly')],
    ['query_timeout', new Error('Query read timeout')],
    ['broken client', new Error('Client has encountered a connection error and is not queryable')],
  ])('%s is an outage, bare or wrapped by Drizzle', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable(wrapped(err))).toBe(true);
  });

  it.each([
    ['unique violation', pgError('23505', 'duplicate key value violates unique constraint')],
    ['check violation', pgError('23514')],
    ['syntax error', pgError('42601')],
    ['a cancel that is not our timeout', pgError('57014', 'canceling statement due to user request')],
    ['a plain bug', new TypeError('Cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
    if (err instanceof Error) expect(isDatabaseUnavailable(wrapped(err))).toBe(false);
  });

  it("reports the driver's message, never Drizzle's (which carries the SQL parameters)", () => {
    const cause = outageCause(
      wrapped(pgError('57P01', 'terminating connection due to administrator command')),
    );
    expect(cause).toEqual({ code: '57P01', message: 'terminating connection due to administrator command' });
    expect(JSON.stringify(cause)).not.toContain('secret@x.test');
  });

  it('looks inside an AggregateError (a host with several addresses, all refused)', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new AggregateError([refused], 'all failed'))).toBe(true);
  });
});
