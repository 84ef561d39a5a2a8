import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../src/server/db/client.ts';
import { queuedJobs } from '../../src/server/jobs/queue.ts';
import type { StoredMail } from '../../src/server/modules/notifications/mailer.ts';

/** A mail as a test reads it, whether its job is still queued or has run. */
export type TestMail = {
  to: string;
  subject: string;
  text: string;
  type?: string;
  documentType?: string;
  documentId?: string;
};

/**
 * Every mail of the test app: those still queued ('email.send' jobs; graphile-worker deletes a job that
 * succeeded) and those the file transport wrote to DATA_DIR/mail once their job ran.
 */
export async function allMails(db: Database, dataDir: string): Promise<TestMail[]> {
  const queued = (await queuedJobs(db, { kind: 'email.send' })).map((j) => j.payload as TestMail);
  const dir = path.join(dataDir, 'mail');
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const sent = await Promise.all(
    names.map(async (n) => {
      const m = JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as StoredMail;
      return { to: m.to, subject: m.subject, text: m.text, ...m.meta } as TestMail;
    }),
  );
  return [...queued, ...sent];
}
