import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export type Secrets = { pgPassword: string; appSecret: string };

/**
 * Secrets for the embedded setup, made once per DATA_DIR and kept there (mode 600): the embedded
 * PostgreSQL password and the key for signed links / sandbox payments when APP_SECRET is not set.
 */
export async function loadOrCreateSecrets(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing) return JSON.parse(existing) as Secrets;
  const secrets: Secrets = {
    pgPassword: randomBytes(18).toString('base64url'),
    appSecret: randomBytes(32).toString('base64url'),
  };
  await fs.mkdir(dataDir, { recursive: true });
  await fs
    .writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' })
    .catch(async (err) => {
      // Another process made it first: use theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    });
  return JSON.parse(await fs.readFile(file, 'utf8')) as Secrets;
}
