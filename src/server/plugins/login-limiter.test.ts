import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

function limiter(opts: Partial<{ perEmail: number; perIp: number; maxKeys: number }> = {}) {
  const clock = { t: 1_000_000 };
  const l = new LoginLimiter({ perEmail: 3, perIp: 5, windowMs: 60_000, now: () => clock.t, ...opts });
  return { l, clock };
}

const fail = (l: LoginLimiter, ip: string, email: string) => l.attempt(ip, email).allowed;

describe('LoginLimiter', () => {
  it('refuses the attempt after perEmail failures for one IP and e-mail, with a retry time', () => {
    const { l, clock } = limiter();
    expect([1, 2, 3].map(() => fail(l, 'ip', 'a@x.test'))).toEqual([true, true, true]);
    clock.t += 20_000;
    const refused = l.attempt('ip', 'A@X.test ');
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // another e-mail from the same IP, and the same e-mail from another IP, still go through
    expect(fail(l, 'ip', 'b@x.test')).toBe(true);
    expect(fail(l, 'ip2', 'a@x.test')).toBe(true);
  });

  it('opens again when the window ends', () => {
    const { l, clock } = limiter();
    for (let i = 0; i < 3; i++) fail(l, 'ip', 'a@x.test');
    expect(fail(l, 'ip', 'a@x.test')).toBe(false);
    clock.t += 60_000;
    expect(fail(l, 'ip', 'a@x.test')).toBe(true);
  });

  it('a success clears the e-mail counter and does not count against the IP', () => {
    const { l } = limiter();
    fail(l, 'ip', 'a@x.test');
    fail(l, 'ip', 'a@x.test');
    const ok = l.attempt('ip', 'a@x.test');
    if (!ok.allowed) throw new Error('expected allowed');
    ok.succeeded();
    ok.succeeded(); // idempotent
    expect([1, 2, 3].map(() => fail(l, 'ip', 'a@x.test'))).toEqual([true, true, true]);
    // IP counter: 2 + 3 failures = 5 = perIp; the success was not counted
    expect(fail(l, 'ip', 'c@x.test')).toBe(false);
  });

  it('caps failures per IP across e-mails', () => {
    const { l } = limiter();
    for (let i = 0; i < 5; i++) expect(fail(l, 'ip', `u${i}@x.test`)).toBe(true);
    expect(fail(l, 'ip', 'new@x.test')).toBe(false);
    expect(fail(l, 'other-ip', 'new@x.test')).toBe(true);
  });

  it('counts an attempt when it starts, so concurrent guesses cannot all pass', () => {
    const { l } = limiter();
    const started = [1, 2, 3, 4].map(() => l.attempt('ip', 'a@x.test').allowed);
    expect(started).toEqual([true, true, true, false]);
  });

  it('forgets the oldest keys beyond maxKeys', () => {
    const { l } = limiter({ maxKeys: 2, perIp: 1000 });
    for (let i = 0; i < 3; i++) fail(l, 'ip', 'a@x.test');
    expect(fail(l, 'ip', 'a@x.test')).toBe(false);
    fail(l, 'ip', 'b@x.test');
    fail(l, 'ip', 'c@x.test'); // a@x.test is now the oldest of three keys and is dropped on the next sweep
    expect(fail(l, 'ip', 'a@x.test')).toBe(true);
  });
});
