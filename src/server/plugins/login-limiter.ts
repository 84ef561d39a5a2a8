import type { Redis } from 'ioredis';

/**
 * Sign-in throttling (DECISIONS §4): only failed attempts count. Two fixed windows:
 * - per (IP, e-mail): `perEmail` failures, then the next attempt is refused until the window ends;
 *   a successful sign-in clears that counter;
 * - per IP: a higher cap across all e-mails, so one address cannot spray many accounts.
 *
 * An attempt is counted when it starts and un-counted when it succeeds (or is refused), so a burst of
 * concurrent guesses cannot all slip past the check before the first failure is recorded.
 *
 * Counters live in a CounterStore: this process's memory by default, or Redis when `REDIS_URL` is set, so
 * several instances behind a load balancer share one count (DECISIONS §1).
 */

export type LoginLimiterOptions = {
  /** Failed attempts allowed per (IP, e-mail) in one window; the next one is refused. */
  perEmail: number;
  /** Failed attempts allowed per IP in one window, across all e-mails. */
  perIp: number;
  windowMs: number;
};

export const LOGIN_LIMITS: LoginLimiterOptions = { perEmail: 10, perIp: 50, windowMs: 15 * 60_000 };

export type LoginAttempt =
  { allowed: true; succeeded: () => Promise<void> } | { allowed: false; retryAfterSeconds: number };

/** Fixed-window counters. `hit` adds one and says how many there are and when the window ends. */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** Take one back (never below zero), keeping the window. */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
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
}

export class LoginLimiter {
  constructor(
    private readonly opts: LoginLimiterOptions,
    private readonly store: CounterStore = new MemoryCounterStore(),
    private readonly now: () => number = Date.now,
  ) {}

  /** Start a sign-in attempt; call `succeeded()` when the password was right. */
  async attempt(ip: string, email: string): Promise<LoginAttempt> {
    const ipKey = `ip:${ip}`;
    const emailKey = `email:${ip}\u0000${email.trim().toLowerCase()}`;
    const [ipWin, emailWin] = await Promise.all([
      this.store.hit(ipKey, this.opts.windowMs),
      this.store.hit(emailKey, this.opts.windowMs),
    ]);
    const blockedUntil = Math.max(
      ipWin.count > this.opts.perIp ? ipWin.resetAt : 0,
      emailWin.count > this.opts.perEmail ? emailWin.resetAt : 0,
    );
    if (blockedUntil > 0) {
      // A refused attempt is not a guess at the password: give its count back.
      await Promise.all([this.store.undo(ipKey), this.store.undo(emailKey)]);
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
        await Promise.all([this.store.reset(emailKey), this.store.undo(ipKey)]);
      },
    };
  }
}
