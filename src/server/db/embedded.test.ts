import { describe, expect, it } from 'vitest';
import { explainFailure } from './embedded.ts';

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
