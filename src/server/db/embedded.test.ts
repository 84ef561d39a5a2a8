import { describe, expect, it } from 'vitest';
import { explainFailure, socketDirFor, socketUrl } from './embedded.ts';

/** What an operator reads when the embedded PostgreSQL cannot run: what happened, then how to fix it. */
describe('explainFailure', () => {
  const ctx = { dir: '/srv/haat/data/pg', port: 45123, user: 'postgres' };
  const cases: [string, string, RegExp, RegExp][] = [
    [
      'disk full',
      '2026-11-25 10:00:00.000 UTC [42] FATAL:  could not write to file "pg_wal/xlogtemp.42": No space left on device',
      /disk holding \/srv\/haat\/data\/pg is full/,
      /Free some space/,
    ],
    [
      'permission',
      'initdb: error: could not access directory "/root/x/data/pg": Permission denied',
      /running as postgres, may not use/,
      /Give postgres access/,
    ],
    [
      'shared memory',
      'FATAL:  could not create shared memory segment: No space left on device\nDETAIL:  Failed system call was shmget',
      /shared memory/,
      /shm-size|kernel\.shmmax/,
    ],
    [
      'port',
      'LOG:  could not bind IPv4 address "127.0.0.1": Address already in use\nFATAL:  could not create any TCP/IP sockets',
      /could not listen on 127\.0\.0\.1:45123/,
      /port is free/,
    ],
    [
      'another version',
      'FATAL:  database files are incompatible with server\nDETAIL:  The data directory was initialized by PostgreSQL version 16',
      /another PostgreSQL version/,
      /Start the version that made it/,
    ],
    [
      'anything else',
      'FATAL:  something unexpected',
      /did not start \(PostgreSQL said: FATAL: {2}something/,
      /DATABASE_URL/,
    ],
  ];
  it.each(cases)('%s: two lines, what and how to fix it', (_name, output, what, fix) => {
    const message = explainFailure(output, ctx);
    const [first, second, ...rest] = message.split('\n');
    expect(rest).toEqual([]);
    expect(first).toMatch(what);
    expect(second).toMatch(fix);
  });

  it('shared memory is not mistaken for a full disk, though both say "No space left on device"', () => {
    const msg = explainFailure(
      'FATAL:  could not create shared memory segment: No space left on device',
      ctx,
    );
    expect(msg).toMatch(/shared memory/);
  });
});

/** The app reaches the embedded server over its Unix socket when the socket's path fits (ADR 0141). */
describe('socketDirFor and socketUrl', () => {
  it('puts the socket in the cluster folder when its path fits in 107 bytes', () => {
    expect(socketDirFor('/srv/haat/data/pg', 45123)).toBe('/srv/haat/data/pg');
    const fits = `/${'d'.repeat(107 - '/.s.PGSQL.45123'.length - 1)}`;
    expect(Buffer.byteLength(`${fits}/.s.PGSQL.45123`)).toBe(107);
    expect(socketDirFor(fits, 45123)).toBe(fits);
  });

  it('has no socket (TCP only) for a longer path, or one PostgreSQL would split or unquote', () => {
    const long = `/${'d'.repeat(107 - '/.s.PGSQL.45123'.length)}`;
    expect(socketDirFor(long, 45123)).toBeUndefined();
    // Multi-byte characters count as bytes.
    expect(socketDirFor(`/${'ह'.repeat(40)}`, 45123)).toBeUndefined();
    for (const odd of ['/srv/my haat/pg', '/srv/a,b/pg', "/srv/o'k/pg", '/srv/"q"/pg', '/srv/a\\b/pg'])
      expect(socketDirFor(odd, 45123), odd).toBeUndefined();
  });

  it('names the socket folder in the URL node-postgres reads, keeping user, password, port and database', () => {
    const url = socketUrl('postgres://haat:p%40ss@127.0.0.1:45123/haat', '/srv/haat/data/pg');
    const u = new URL(url);
    expect(u.searchParams.get('host')).toBe('/srv/haat/data/pg');
    expect([u.username, decodeURIComponent(u.password), u.port, u.pathname]).toEqual([
      'haat',
      'p@ss',
      '45123',
      '/haat',
    ]);
  });
});
