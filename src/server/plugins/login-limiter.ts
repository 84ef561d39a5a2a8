/**
 * Sign-in throttling (DECISIONS §4): only failed attempts count. Two fixed windows:
 * - per (IP, e-mail): `perEmail` failures, then the next attempt is refused until the window ends;
 *   a successful sign-in clears that counter;
 * - per IP: a higher cap across all e-mails, so one address cannot spray many accounts.
 *
 * An attempt is counted when it starts and un-counted when it succeeds, so a burst of concurrent
 * guesses cannot all slip past the check before the first failure is recorded.
 *
 * The counters live in this process's memory. With several instances behind a load balancer each keeps
 * its own counters (the effective cap is multiplied by the instance count); sharing them through
 * `REDIS_URL` is not wired yet.
 */

export type LoginLimiterOptions = {
  /** Failed attempts allowed per (IP, e-mail) in one window; the next one is refused. */
  perEmail: number;
  /** Failed attempts allowed per IP in one window, across all e-mails. */
  perIp: number;
  windowMs: number;
  /** Upper bound on remembered keys per map, so a flood of distinct keys cannot exhaust memory. */
  maxKeys?: number;
  now?: () => number;
};

export const LOGIN_LIMITS: LoginLimiterOptions = { perEmail: 10, perIp: 50, windowMs: 15 * 60_000 };

type Window = { count: number; resetAt: number };

export type LoginAttempt =
  { allowed: true; succeeded: () => void } | { allowed: false; retryAfterSeconds: number };

export class LoginLimiter {
  private readonly byEmail = new Map<string, Window>();
  private readonly byIp = new Map<string, Window>();
  private readonly now: () => number;
  private readonly maxKeys: number;
  private lastSweep = 0;

  constructor(private readonly opts: LoginLimiterOptions) {
    this.now = opts.now ?? Date.now;
    this.maxKeys = opts.maxKeys ?? 100_000;
  }

  /** Start a sign-in attempt; call `succeeded()` when the password was right. */
  attempt(ip: string, email: string): LoginAttempt {
    const now = this.now();
    this.sweep(now);
    const emailKey = `${ip}\u0000${email.trim().toLowerCase()}`;
    const ipWin = this.current(this.byIp, ip, now);
    const emailWin = this.current(this.byEmail, emailKey, now);
    const blockedUntil = Math.max(
      ipWin.count >= this.opts.perIp ? ipWin.resetAt : 0,
      emailWin.count >= this.opts.perEmail ? emailWin.resetAt : 0,
    );
    if (blockedUntil > 0)
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil - now) / 1000)) };

    ipWin.count++;
    emailWin.count++;
    this.byIp.set(ip, ipWin);
    this.byEmail.set(emailKey, emailWin);
    let done = false;
    return {
      allowed: true,
      succeeded: () => {
        if (done) return;
        done = true;
        this.byEmail.delete(emailKey);
        const w = this.byIp.get(ip);
        if (w && w.resetAt === ipWin.resetAt && w.count > 0) w.count--;
      },
    };
  }

  private current(map: Map<string, Window>, key: string, now: number): Window {
    const w = map.get(key);
    if (w && w.resetAt > now) return w;
    return { count: 0, resetAt: now + this.opts.windowMs };
  }

  /** Drop ended windows now and then; if a map is still too large, forget its oldest keys. */
  private sweep(now: number) {
    const big = this.byEmail.size > this.maxKeys || this.byIp.size > this.maxKeys;
    if (!big && now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const map of [this.byEmail, this.byIp]) {
      for (const [k, w] of map) if (w.resetAt <= now) map.delete(k);
      // Maps iterate in insertion order: the first keys are the oldest.
      for (const k of map.keys()) {
        if (map.size <= this.maxKeys) break;
        map.delete(k);
      }
    }
  }
}
