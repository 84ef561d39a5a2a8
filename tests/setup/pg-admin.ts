import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Replace the database name in a PostgreSQL URL. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export const uniqueName = (prefix: string) =>
  `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

/** Run one statement on the server's maintenance database (CREATE/DROP DATABASE). */
export async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Clone `template` into a new database; retries while another clone briefly holds the template. */
export async function cloneDatabase(serverUrl: string, template: string, name: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(serverUrl, `create database "${name}" template "${template}"`);
      return withDatabase(serverUrl, name);
    } catch (err) {
      if (attempt >= 20 || !String(err).includes('being accessed by other users')) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
}
