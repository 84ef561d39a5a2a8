import { isRoleName, type RoleName } from '#shared/roles.ts';
import type { User } from '#shared/schemas/user.ts';
import { isRecord, readStored, removeStored, writeStored } from '#web/lib/local-storage.ts';

/**
 * `userInfo` in browser storage: display data only (name, roles) so the header can greet a returning
 * person before the session check answers. Never the token: the session lives in an httpOnly cookie
 * (docs/product/roles-and-accounts.md), and the server's answer to GET /api/users/profile is what decides who is signed in.
 */
export const USER_INFO_KEY = 'userInfo';

export type UserInfo = Pick<User, '_id' | 'name' | 'email' | 'role' | 'active' | 'currency'>;

function parseUserInfo(value: unknown): UserInfo | null {
  if (!isRecord(value)) return null;
  const { _id, name, email, role, active, currency } = value;
  if (typeof _id !== 'string' || typeof name !== 'string' || typeof email !== 'string') return null;
  if (typeof active !== 'boolean' || typeof currency !== 'string' || !Array.isArray(role)) return null;
  const roles = role.filter((r): r is RoleName => typeof r === 'string' && isRoleName(r));
  return { _id, name, email, role: roles, active, currency };
}

export const readUserInfo = (): UserInfo | null => readStored(USER_INFO_KEY, parseUserInfo);

export function saveUserInfo(user: User | null): void {
  if (!user) {
    removeStored(USER_INFO_KEY);
    return;
  }
  const info: UserInfo = {
    _id: user._id,
    name: user.name,
    email: user.email,
    role: user.role,
    active: user.active,
    currency: user.currency,
  };
  writeStored(USER_INFO_KEY, info);
}
