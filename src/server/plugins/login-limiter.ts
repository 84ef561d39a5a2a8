import { isIPv4, isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';

/**
 * Sign-in throttling (docs/decisions/0010-abuse-limits.md). Only failed attempts count, in fixed
 * windows, under three keys, so that one attacker cannot lock other people out:
 * - per (account, address): `perAccountAndIp` failures, then that address waits for that account; a
 *   successful sign-in clears it. This bounds the guesses one address gets at one password.
 * - per address, across accounts: `perIp` failures (password spraying). An address over it is refused for
 *   every account except those that signed in successfully from it before (`knownMs`), so an attacker
 *   behind a shared proxy does not lock out the people who already use the shop through it.
 * - per account, across addresses: `perAccount` failures (a guess from many addresses at one account).
 *   Over it, only addresses that have failed for the account are refused; a fresh address keeps its first
 *   try, so the owner can still sign in with the right password while an attacker is throttled.
 *
 * The decision never depends on the password: a refused attempt is refused before it is checked, and every
 * attempt that is let through counts as a guess unless it succeeds. So "the right password still works"
 * tells an attacker nothing that a counted guess would not. An attempt is counted when it starts and
 * un-counted when it succeeds (or is refused), so concurrent guesses cannot slip past the check together.
 *
 * Counters live in a CounterStore: this process's memory by default, or Redis when `REDIS_URL` is set, so
 * several instances behind a load balancer share one count. A refused attempt writes no counter at all (the
 * counts are read before they are added to), so a flood of refused attempts cannot fill the store, and the
 * memory store, when full, never forgets a live counter that is at its limit (ADR 0010).
 *
 * An IPv6 address is counted by its /64 prefix: one subscriber usually holds a whole /64, so counting each
 * /128 would give an attacker endless fresh addresses. An IPv4 address is counted on its own.
 */

export type LoginLimiterOptions = {
  /** Failed attempts allowed per (account, address) in one window; the next one is refused. */
  perAccountAndIp: number;
  /** Failed attempts allowed per address in one window, across all accounts. */
  perIp: number;
  /** Failed attempts allowed per account in one window, across all addresses (see above). */
  perAccount: number;
  windowMs: number;
  /** How long a successful sign-in from an address exempts that (account, address) from `perIp`. */
  knownMs: number;
};

export const LOGIN_LIMITS: LoginLimiterOptions = {
  perAccountAndIp: 10,
  perIp: 50,
  perAccount: 100,
  windowMs: 15 * 60_000,
  knownMs: 30 * 24 * 3_600_000,
};

export type LoginAttempt =
  { allowed: true; succeeded: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters. `hit` adds one and says how many there are and when the window ends. `limit` is
 * the count at which the key starts refusing: a store that must forget keys keeps those at it.
 */
export interface CounterStore {
  hit(key: string, windowMs: number, limit?: number): Promise<{ count: number; resetAt: number }>;
  /** Take one back (never below zero), keeping the window. */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** The count in the current window (0 and resetAt 0 when none), without adding to it or creating it. */
  peek(key: string): Promise<{ count: number; resetAt: number }>;
}

type Window = { count: number; resetAt: number; limit: number };

/**
 * Counters in this process's memory, with a bound on remembered keys. When a new key would go over
 * `maxKeys`, ended windows are dropped first, then live ones with the lowest counts, down to 90% of
 * `maxKeys`, so the scan runs once per tenth of `maxKeys` new keys, not on every attempt. A live key at or
 * over its limit is never dropped (that would lift a lockout); if every key is one, the store grows past
 * `maxKeys` rather than forget them.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;
  /** The size at which the next eviction pass runs: never less than maxKeys, and a slack past the last. */
  private evictAt: number;
  private readonly slack: number;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {
    this.evictAt = maxKeys;
    this.slack = Math.max(1, Math.ceil(maxKeys / 10));
  }

  async hit(key: string, windowMs: number, limit = 1) {
    const now = this.now();
    if (now - this.lastSweep >= 60_000) this.dropEnded(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (w) this.windows.delete(key);
      else if (this.windows.size >= this.evictAt) this.evict(now);
      w = { count: 0, resetAt: now + windowMs, limit };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, resetAt: w.resetAt };
  }

  async undo(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt > this.now() && w.count > 0) w.count--;
  }

  async reset(key: string) {
    this.windows.delete(key);
  }

  async peek(key: string) {
    const w = this.windows.get(key);
    return w && w.resetAt > this.now() ? { count: w.count, resetAt: w.resetAt } : { count: 0, resetAt: 0 };
  }

  /** Number of keys held (for tests). */
  get size() {
    return this.windows.size;
  }

  private dropEnded(now: number) {
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }

  /** Make room: ended windows, then the lowest live counts, never a live key at its limit. */
  private evict(now: number) {
    this.dropEnded(now);
    const target = this.maxKeys - this.slack;
    if (this.windows.size > target) {
      // Counts are small integers: bucket the droppable keys by count instead of sorting them.
      const byCount = new Map<number, string[]>();
      for (const [k, w] of this.windows) {
        if (w.count >= w.limit) continue;
        const b = byCount.get(w.count);
        if (b) b.push(k);
        else byCount.set(w.count, [k]);
      }
      const counts = [...byCount.keys()].sort((a, b) => a - b);
      outer: for (const c of counts)
        for (const k of byCount.get(c)!) {
          if (this.windows.size <= target) break outer;
          this.windows.delete(k);
        }
    }
    this.evictAt = Math.max(this.maxKeys, this.windows.size + this.slack);
  }
}

// INCR and set the expiry on the first hit, atomically; answer the count and the time left.
const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;
const PEEK = `local c = redis.call('GET', KEYS[1])
if not c then return {0, 0} end
return {tonumber(c), redis.call('PTTL', KEYS[1])}`;
const UNDO = `local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * Counters in Redis, shared by every instance. If Redis cannot be reached the limiter keeps working on
 * this process's own counters rather than refusing every sign-in.
 */
export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'haat:login:',
    private readonly fallback: CounterStore = new MemoryCounterStore(),
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  async hit(key: string, windowMs: number, limit?: number) {
    try {
      const [count, ttl] = (await this.redis.eval(HIT, 1, this.prefix + key, String(windowMs))) as [
        number,
        number,
      ];
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    } catch (err) {
      this.onError(err);
      return this.fallback.hit(key, windowMs, limit);
    }
  }

  async undo(key: string) {
    try {
      await this.redis.eval(UNDO, 1, this.prefix + key);
    } catch (err) {
      this.onError(err);
      await this.fallback.undo(key);
    }
  }

  async reset(key: string) {
    try {
      await this.redis.del(this.prefix + key);
    } catch (err) {
      this.onError(err);
      await this.fallback.reset(key);
    }
  }

  async peek(key: string) {
    try {
      const [count, ttl] = (await this.redis.eval(PEEK, 1, this.prefix + key)) as [number, number];
      return count > 0 ? { count, resetAt: Date.now() + Math.max(ttl, 0) } : { count: 0, resetAt: 0 };
    } catch (err) {
      this.onError(err);
      return this.fallback.peek(key);
    }
  }
}

type Count = { count: number; resetAt: number };

/**
 * The address part of a counter key: an IPv6 address by its /64 (`2001:db8:0:1::/64`), an IPv4 address
 * (also written as `::ffff:a.b.c.d`) as it is; anything else unchanged.
 */
export function addressKey(ip: string): string {
  const bare = ip.split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (!isIPv6(bare)) return ip;
  let text = bare.toLowerCase();
  // A trailing dotted quad is the last two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, v4.index) + ((a << 8) | b).toString(16) + ':' + ((c << 8) | d).toString(16);
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

export class LoginLimiter {
  constructor(
    private readonly opts: LoginLimiterOptions,
    private readonly store: CounterStore = new MemoryCounterStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Start a sign-in attempt; call `succeeded()` when the password was right. */
  async attempt(ip: string, email: string): Promise<LoginAttempt> {
    const account = email.trim().toLowerCase();
    const addr = addressKey(ip);
    const pairKey = `email:${addr}\u0000${account}`;
    const ipKey = `ip:${addr}`;
    const accountKey = `account:${account}`;
    const knownKey = `known:${addr}\u0000${account}`;
    const { windowMs, perAccountAndIp, perIp, perAccount } = this.opts;
    const known = async () => (await this.store.peek(knownKey)).count > 0;
    /** When this attempt must wait until, given the counts with this attempt in them (0: it may go). */
    const blockedUntil = async (pair: Count, byIp: Count, byAccount: Count) => {
      let until = 0;
      if (pair.count > perAccountAndIp) until = pair.resetAt;
      // A pair count of 1 (this attempt only) means the address has no failures for this account.
      if (byAccount.count > perAccount && pair.count > 1) until = Math.max(until, byAccount.resetAt);
      if (byIp.count > perIp && !(await known())) until = Math.max(until, byIp.resetAt);
      return until;
    };
    const refuse = (until: number): LoginAttempt => ({
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((until - this.now()) / 1000)),
    });
    // Read first: an attempt the current counts already refuse writes nothing, so a flood of refused
    // attempts neither fills the store nor costs more than three reads.
    const plusOne = (c: Count) => ({ count: c.count + 1, resetAt: c.resetAt });
    const seen = await Promise.all([pairKey, ipKey, accountKey].map((k) => this.store.peek(k)));
    const early = await blockedUntil(plusOne(seen[0]!), plusOne(seen[1]!), plusOne(seen[2]!));
    if (early > 0) return refuse(early);
    // Count the attempt when it starts, then decide again on the counts that include it, so concurrent
    // guesses cannot slip past the check together.
    const [pair, byIp, byAccount] = await Promise.all([
      this.store.hit(pairKey, windowMs, perAccountAndIp),
      this.store.hit(ipKey, windowMs, perIp),
      this.store.hit(accountKey, windowMs, perAccount),
    ]);
    const until = await blockedUntil(pair, byIp, byAccount);
    if (until > 0) {
      // A refused attempt is not a guess at the password: give its counts back.
      await Promise.all([this.store.undo(pairKey), this.store.undo(ipKey), this.store.undo(accountKey)]);
      return refuse(until);
    }
    let done = false;
    return {
      allowed: true,
      succeeded: async () => {
        if (done) return;
        done = true;
        // Only this pair's failures are forgiven: others' failures against the account still count.
        await Promise.all([
          this.store.reset(pairKey),
          this.store.undo(ipKey),
          this.store.undo(accountKey),
          // Limit 1: a live "signed in from here" mark is never forgotten to make room.
          known().then((k) => (k ? null : this.store.hit(knownKey, this.opts.knownMs, 1))),
        ]);
      },
    };
  }
}
