import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { LoginLimiter, MemoryCounterStore, RedisCounterStore, type CounterStore } from './login-limiter.ts';

const LIMITS = { perEmail: 3, perIp: 5, windowMs: 60_000 };
const fail = async (l: LoginLimiter, ip: string, email: string) => (await l.attempt(ip, email)).allowed;

/** The behaviour every store must give, whatever keeps the counters. */
function sharedBehaviour(make: () => { l: LoginLimiter; ns: string }) {
  it('refuses the attempt after perEmail failures for one IP and e-mail', async () => {
    const { l, ns } = make();
    const r = [];
    for (let i = 0; i < 3; i++) r.push(await fail(l, `${ns}ip`, 'a@x.test'));
    expect(r).toEqual([true, true, true]);
    const refused = await l.attempt(`${ns}ip`, 'A@X.test ');
    expect(refused.allowed).toBe(false);
    if (!refused.allowed) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    // another e-mail from the same IP, and the same e-mail from another IP, still go through
    expect(await fail(l, `${ns}ip`, 'b@x.test')).toBe(true);
    expect(await fail(l, `${ns}ip2`, 'a@x.test')).toBe(true);
  });

  it('a success clears the e-mail counter and does not count against the IP', async () => {
    const { l, ns } = make();
    await fail(l, `${ns}ip`, 'a@x.test');
    await fail(l, `${ns}ip`, 'a@x.test');
    const ok = await l.attempt(`${ns}ip`, 'a@x.test');
    if (!ok.allowed) throw new Error('expected allowed');
    await ok.succeeded();
    await ok.succeeded(); // idempotent
    const r = [];
    for (let i = 0; i < 3; i++) r.push(await fail(l, `${ns}ip`, 'a@x.test'));
    expect(r).toEqual([true, true, true]);
    // IP counter: 2 + 3 failures = 5 = perIp; the success was not counted
    expect(await fail(l, `${ns}ip`, 'c@x.test')).toBe(false);
  });

  it('caps failures per IP across e-mails, and refused attempts do not add to it', async () => {
    const { l, ns } = make();
    for (let i = 0; i < 5; i++) expect(await fail(l, `${ns}ip`, `u${i}@x.test`)).toBe(true);
    expect(await fail(l, `${ns}ip`, 'new@x.test')).toBe(false);
    expect(await fail(l, `${ns}ip`, 'new@x.test')).toBe(false);
    expect(await fail(l, `${ns}other-ip`, 'new@x.test')).toBe(true);
  });

  it('counts an attempt when it starts, so concurrent guesses cannot all pass', async () => {
    const { l, ns } = make();
    const started = await Promise.all([1, 2, 3, 4, 5, 6].map(() => fail(l, `${ns}ip`, 'a@x.test')));
    expect(started.filter(Boolean)).toHaveLength(3);
  });
}

describe('LoginLimiter on memory counters', () => {
  const clock = { t: 1_000_000 };
  const now = () => clock.t;
  sharedBehaviour(() => ({ l: new LoginLimiter(LIMITS, new MemoryCounterStore(now), now), ns: '' }));

  it('says when to retry and opens again when the window ends', async () => {
    const l = new LoginLimiter(LIMITS, new MemoryCounterStore(now), now);
    for (let i = 0; i < 3; i++) await fail(l, 'ip', 'a@x.test');
    clock.t += 20_000;
    expect(await l.attempt('ip', 'a@x.test')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    clock.t += 40_000;
    expect(await fail(l, 'ip', 'a@x.test')).toBe(true);
  });

  it('forgets the oldest keys beyond maxKeys', async () => {
    const store = new MemoryCounterStore(now, 4);
    const l = new LoginLimiter({ ...LIMITS, perIp: 1000 }, store, now);
    for (let i = 0; i < 3; i++) await fail(l, 'ip', 'a@x.test');
    expect(await fail(l, 'ip', 'a@x.test')).toBe(false);
    await fail(l, 'ip', 'b@x.test');
    await fail(l, 'ip', 'c@x.test'); // a@x.test's counter is now the oldest key and is dropped
    expect(await fail(l, 'ip', 'a@x.test')).toBe(true);
  });
});

// The machine's Redis (127.0.0.1:6379), as REDIS_URL would give in production: counters shared by
// two limiters stand for two app instances.
describe('LoginLimiter on Redis counters', () => {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
  const prefix = `haat:test:${randomBytes(4).toString('hex')}:`;
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });
  let n = 0;
  const store = (): CounterStore => new RedisCounterStore(redis, prefix);
  sharedBehaviour(() => ({ l: new LoginLimiter(LIMITS, store()), ns: `t${n++}-` }));

  it('shares one count between two instances', async () => {
    const a = new LoginLimiter(LIMITS, store());
    const b = new LoginLimiter(LIMITS, store());
    expect(await fail(a, 'shared', 'x@x.test')).toBe(true);
    expect(await fail(b, 'shared', 'x@x.test')).toBe(true);
    expect(await fail(a, 'shared', 'x@x.test')).toBe(true);
    expect(await fail(b, 'shared', 'x@x.test')).toBe(false);
    const ttl = await redis.pttl(`${prefix}email:shared\u0000x@x.test`);
    expect(ttl).toBeGreaterThan(50_000);
  });

  it('falls back to its own counters when Redis is unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
    });
    const errors: unknown[] = [];
    const l = new LoginLimiter(
      LIMITS,
      new RedisCounterStore(down, prefix, new MemoryCounterStore(), (e) => errors.push(e)),
    );
    const r = [];
    for (let i = 0; i < 4; i++) r.push(await fail(l, 'ip', 'a@x.test'));
    expect(r).toEqual([true, true, true, false]);
    expect(errors.length).toBeGreaterThan(0);
    down.disconnect();
  });
});
