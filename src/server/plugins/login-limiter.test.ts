import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addressKey,
  LoginLimiter,
  MemoryCounterStore,
  RedisCounterStore,
  type CounterStore,
} from './login-limiter.ts';

const LIMITS = { perAccountAndIp: 3, perIp: 5, perAccount: 8, windowMs: 60_000, knownMs: 600_000 };
const fail = async (l: LoginLimiter, ip: string, email: string) => (await l.attempt(ip, email)).allowed;

/** The behaviour every store must give, whatever keeps the counters. */
function sharedBehaviour(make: () => { l: LoginLimiter; ns: string }) {
  it('refuses the attempt after perAccountAndIp failures for one IP and e-mail', async () => {
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

  it("an attacker's failures on an account do not stop its owner from a fresh address", async () => {
    const { l, ns } = make();
    const victim = 'victim@x.test';
    // Attacker addresses: 3 + 3 + 2 failures reach perAccount (8); a fresh one's first try goes over it.
    for (const [a, n] of [
      ['a1', 3],
      ['a2', 3],
      ['a3', 2],
      ['a5', 1],
    ] as const)
      for (let i = 0; i < n; i++) expect(await fail(l, `${ns}${a}`, victim)).toBe(true);
    // Over the account's cap, every address that has failed for it waits, even below its own pair cap.
    expect(await fail(l, `${ns}a3`, victim)).toBe(false);
    expect(await fail(l, `${ns}a1`, victim)).toBe(false);
    // A fresh address keeps one try: the owner with the right password signs in.
    const owner = await l.attempt(`${ns}home`, victim);
    expect(owner.allowed).toBe(true);
    if (owner.allowed) await owner.succeeded();
    // A fresh address that guesses wrong is counted, and is refused from then on while the account is over.
    expect(await fail(l, `${ns}a4`, victim)).toBe(true);
    expect(await fail(l, `${ns}a4`, victim)).toBe(false);
    // The owner's success forgave only the owner's address: the attackers stay refused.
    expect(await fail(l, `${ns}a2`, victim)).toBe(false);
    // Other accounts are not affected.
    expect(await fail(l, `${ns}a4`, 'someone-else@x.test')).toBe(true);
  });

  it('whatever the account state, one address gets at most perAccountAndIp guesses at one password', async () => {
    const { l, ns } = make();
    const allowed = [];
    for (let i = 0; i < 20; i++) allowed.push(await fail(l, `${ns}guesser`, 'target@x.test'));
    expect(allowed.filter(Boolean)).toHaveLength(3);
  });

  it('a spraying address is refused for new accounts, not for accounts that signed in from it', async () => {
    const { l, ns } = make();
    const nat = `${ns}nat`;
    const regular = await l.attempt(nat, 'regular@x.test');
    if (!regular.allowed) throw new Error('expected allowed');
    await regular.succeeded();
    for (let i = 0; i < 5; i++) expect(await fail(l, nat, `sprayed${i}@x.test`)).toBe(true);
    expect(await fail(l, nat, 'new@x.test')).toBe(false);
    // The regular user behind the same address still gets in (and still has their own pair cap).
    const again = await l.attempt(nat, 'regular@x.test');
    expect(again.allowed).toBe(true);
    if (again.allowed) await again.succeeded();
    const r = [];
    for (let i = 0; i < 4; i++) r.push(await fail(l, nat, 'regular@x.test'));
    expect(r).toEqual([true, true, true, false]);
  });

  it('counts the addresses of one IPv6 /64 together, and each IPv4 address on its own', async () => {
    const { l } = make();
    for (const host of ['1', '2', 'abcd:1234:5678'])
      expect(await fail(l, `2001:db8:0:7::${host}`, 'six@x.test')).toBe(true);
    expect(await fail(l, '2001:0db8:0000:0007:ffff:ffff:ffff:ffff', 'six@x.test')).toBe(false);
    expect(await fail(l, '2001:db8:0:8::1', 'six@x.test')).toBe(true);
    for (let i = 0; i < 3; i++) expect(await fail(l, '198.51.100.1', 'four@x.test')).toBe(true);
    expect(await fail(l, '::ffff:198.51.100.1', 'four@x.test')).toBe(false);
    expect(await fail(l, '198.51.100.2', 'four@x.test')).toBe(true);
  });
}

describe('addressKey', () => {
  it('keeps IPv4 addresses whole and cuts IPv6 addresses to their /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    expect(addressKey('not-an-ip')).toBe('not-an-ip');
  });
});

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

  it('a refused attempt writes no counter', async () => {
    const store = new MemoryCounterStore(now);
    const l = new LoginLimiter(LIMITS, store, now);
    for (let i = 0; i < 5; i++) await fail(l, 'ip', `u${i}@x.test`);
    const size = store.size;
    expect(size).toBeGreaterThan(0);
    for (let i = 0; i < 100; i++) expect(await fail(l, 'ip', `random${i}@x.test`)).toBe(false);
    expect(store.size).toBe(size);
  });

  it('a flood of random e-mails from another address does not lift a lockout (maxKeys 50)', async () => {
    const store = new MemoryCounterStore(now, 50);
    const l = new LoginLimiter(LIMITS, store, now);
    const guesses = async (n: number) => {
      let allowed = 0;
      for (let i = 0; i < n; i++) if (await fail(l, '192.0.2.66', 'victim@x.test')) allowed++;
      return allowed;
    };
    expect(await guesses(10)).toBe(3);
    for (let i = 0; i < 500; i++) await fail(l, '192.0.2.99', `${randomBytes(6).toString('hex')}@x.test`);
    // Nor a flood from many addresses, each under its own limits, that fills the store with live keys.
    for (let i = 0; i < 200; i++)
      await fail(l, `198.51.100.${i}`, `${randomBytes(6).toString('hex')}@x.test`);
    expect(await guesses(30)).toBe(0);
    expect(store.size).toBeLessThanOrEqual(50);
  });

  it('when full, forgets ended windows first, then the lowest live counts', async () => {
    const store = new MemoryCounterStore(now, 10);
    await store.hit('old', 1_000, 5);
    for (let i = 0; i < 3; i++) await store.hit('busy', 60_000, 5);
    for (let i = 0; i < 7; i++) await store.hit(`one${i}`, 60_000, 5);
    await store.hit('busy2', 60_000, 5);
    await store.hit('busy2', 60_000, 5);
    clock.t += 2_000;
    for (let i = 0; i < 5; i++) await store.hit(`new${i}`, 60_000, 5);
    expect(store.size).toBeLessThanOrEqual(10);
    expect((await store.peek('busy')).count).toBe(3);
    expect((await store.peek('busy2')).count).toBe(2);
    expect((await store.peek('new4')).count).toBe(1);
  });

  it('grows past maxKeys rather than forget a live key at its limit', async () => {
    const store = new MemoryCounterStore(now, 4);
    for (let k = 0; k < 6; k++) for (let i = 0; i < 2; i++) await store.hit(`locked${k}`, 60_000, 2);
    expect(store.size).toBe(6);
    for (let k = 0; k < 6; k++) expect((await store.peek(`locked${k}`)).count).toBe(2);
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
  // Each test its own key space, as each memory test has its own store.
  sharedBehaviour(() => ({
    l: new LoginLimiter(LIMITS, new RedisCounterStore(redis, `${prefix}t${n++}:`)),
    ns: '',
  }));

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
