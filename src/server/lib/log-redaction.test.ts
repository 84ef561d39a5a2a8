import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { errSerializer, redactUrl } from './logger.ts';

/** A node-postgres error as the driver builds it: SQLSTATE, constraint, and the row's values in detail. */
function pgError(message: string, fields: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { name: 'error', severity: 'ERROR', ...fields });
}

describe('errSerializer', () => {
  const params = [
    'scrypt$32768$8$1$c2FsdA$aGFzaA',
    'victim@haat.test',
    '9123456789',
    '77 Hidden Lane\n    at x',
  ];
  const cause = pgError('duplicate key value violates unique constraint "users_email_key"', {
    code: '23505',
    constraint: 'users_email_key',
    table: 'users',
    detail: 'Key (email)=(victim@haat.test) already exists.',
    where: 'SQL statement "insert … 9123456789"',
  });
  const err = new DrizzleQueryError('insert into "users" (…) values ($1, $2, $3, $4)', params, cause);

  it('keeps the SQLSTATE, the constraint, the message without values and the stack', () => {
    const out = errSerializer(err);
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      message: 'Failed query: duplicate key value violates unique constraint "users_email_key"',
      cause: { code: '23505', constraint: 'users_email_key', table: 'users' },
    });
    expect(out.stack).toMatch(/^Error: Failed query: duplicate key[^\n]*\n {4}at /);
  });

  it('drops the query, the parameters, detail and where, everywhere', () => {
    const text = JSON.stringify(errSerializer(err));
    for (const value of [...params, '77 Hidden Lane', 'values ($1'])
      expect(text.includes(value), value).toBe(false);
    expect(text).not.toMatch(/"(params|query|detail|where)"/);
  });

  it('removes a value PostgreSQL quotes at the end of its message, and e-mail addresses', () => {
    expect(errSerializer(pgError('invalid input syntax for type uuid: "secret-value"', {})).message).toBe(
      'invalid input syntax for type uuid: [Redacted]',
    );
    expect(errSerializer(new Error('all recipients were rejected: 550 <a.b@shop.example>')).message).toBe(
      'all recipients were rejected: 550 <[Redacted]>',
    );
  });

  it('logs no property it does not know (an HTTP client error with headers and a body)', () => {
    const e = Object.assign(new Error('provider said no'), {
      statusCode: 502,
      config: { headers: { authorization: 'Basic c2VjcmV0' } },
      body: { email: 'x@y.in' },
    });
    expect(errSerializer(e)).toEqual({
      type: 'Error',
      message: 'provider said no',
      stack: expect.stringMatching(/^Error: provider said no\n/) as string,
      statusCode: 502,
    });
  });
});

describe('redactUrl', () => {
  it('keeps query names but not their values', () => {
    expect(redactUrl('/api/users?keyword=a%40b.in&pageNumber=2')).toBe(
      '/api/users?keyword=[Redacted]&pageNumber=[Redacted]',
    );
    expect(redactUrl('/api/products/abc')).toBe('/api/products/abc');
  });

  it('hides the token of a password-reset link', () => {
    expect(redactUrl('/api/users/reset-password/tok3n?x=1')).toBe(
      '/api/users/reset-password/[Redacted]?x=[Redacted]',
    );
  });
});
