import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const h = await hashPassword('Demo@12345');
    expect(h).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(h).not.toContain('Demo@12345');
    expect(await verifyPassword('Demo@12345', h)).toBe(true);
    expect(await verifyPassword('Demo@12346', h)).toBe(false);
  });
  it('salts: two hashes of one password differ', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });
  it('refuses malformed stored hashes', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
  });
});
