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
 * several instances behind a load balancer share one count.
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

/** Fixed-window counters. `hit` adds one and says how many there are and when the window ends. */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** Take one back (never below zero), keeping the window. */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** The count in the current window (0 when none), without adding to it. */
  peek(key: string): Promise<number>;
}

type Window = { count: number; resetAt: number };

/** Counters in this process's memory, with an upper bound on remembered keys. */
export class MemoryCounterStore implements CounterStore {
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  async hit(key: string, windowMs: number) {
    const now = this.now();
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
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
    return w && w.resetAt > this.now() ? w.count : 0;
  }

  /** Drop ended windows now and then; if still too large, forget the oldest keys (insertion order). */
  private sweep(now: number) {
    const big = this.windows.size >= this.maxKeys;
    if (!big && now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
    for (const k of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(k);
    }
  }
}

// INCR and set the expiry on the first hit, atomically; answer the count and the time left.
const HIT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {c, redis.call('PTTL', KEYS[1])}`;
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

  async hit(key: string, windowMs: number) {
    try {
      const [count, ttl] = (await this.redis.eval(HIT, 1, this.prefix + key, String(windowMs))) as [
        number,
        number,
      ];
      return { count, resetAt: Date.now() + Math.max(ttl, 0) };
    } catch (err) {
      this.onError(err);
      return this.fallback.hit(key, windowMs);
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
      return Number((await this.redis.get(this.prefix + key)) ?? 0);
    } catch (err) {
      this.onError(err);
      return this.fallback.peek(key);
    }
  }
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
    const pairKey = `email:${ip}\u0000${account}`;
    const ipKey = `ip:${ip}`;
    const accountKey = `account:${account}`;
    const knownKey = `known:${ip}\u0000${account}`;
    const { windowMs } = this.opts;
    const [pair, byIp, byAccount] = await Promise.all([
      this.store.hit(pairKey, windowMs),
      this.store.hit(ipKey, windowMs),
      this.store.hit(accountKey, windowMs),
    ]);
    let blockedUntil = 0;
    if (pair.count > this.opts.perAccountAndIp) blockedUntil = pair.resetAt;
    // This attempt is already in `pair.count`: 1 means the address has no failures for this account.
    if (byAccount.count > this.opts.perAccount && pair.count > 1)
      blockedUntil = Math.max(blockedUntil, byAccount.resetAt);
    if (byIp.count > this.opts.perIp && (await this.store.peek(knownKey)) === 0)
      blockedUntil = Math.max(blockedUntil, byIp.resetAt);
    if (blockedUntil > 0) {
      // A refused attempt is not a guess at the password: give its counts back.
      await Promise.all([this.store.undo(pairKey), this.store.undo(ipKey), this.store.undo(accountKey)]);
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil - this.now()) / 1000)),
      };
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
          this.store
            .peek(knownKey)
            .then((n) => (n === 0 ? this.store.hit(knownKey, this.opts.knownMs) : null)),
        ]);
      },
    };
  }
}
