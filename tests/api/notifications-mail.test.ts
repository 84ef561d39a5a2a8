import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema/index.ts';
import { queuedJobs } from '../../src/server/jobs/queue.ts';
import { enqueueEmail } from '../../src/server/modules/notifications/notifications.service.ts';
import { createTestApp, type TestContext } from '../setup/test-app.ts';

/** The mail queue in file mode (SMTP_URL unset): DATA_DIR/mail and /dev/mailbox. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const email = (over: Partial<Parameters<typeof enqueueEmail>[1]> = {}) => ({
  type: 'order_confirmation',
  documentType: 'order',
  documentId: crypto.randomUUID(),
  recipient: 'Buyer@Example.test',
  subject: 'Your Haat order',
  text: 'Thanks! See http://localhost:3000/order/1',
  html: '<p>Thanks!</p>',
  ...over,
});

describe('enqueueEmail', () => {
  it('creates the notification and one send job; a repeat (any case of the address) does nothing', async () => {
    const e = email();
    expect(await enqueueEmail(t.db, e)).toBe(true);
    expect(await enqueueEmail(t.db, { ...e, recipient: ' buyer@example.TEST ' })).toBe(false);
    const rows = await t.db.select().from(notifications).where(eq(notifications.documentId, e.documentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.recipient).toBe('buyer@example.test');
    expect(rows[0]!.sentAt).toBeNull();
    const queued = await queuedJobs(t.db, { key: `notification:${rows[0]!.id}` });
    expect(queued).toHaveLength(1);
    expect(queued[0]!.kind).toBe('email.send');
  });

  it('exactly once under concurrency: 10 simultaneous calls, one true', async () => {
    const e = email();
    const results = await Promise.all(Array.from({ length: 10 }, () => enqueueEmail(t.db, e)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.documentId, e.documentId)),
    ).toHaveLength(1);
  });

  it('is part of the caller transaction: rolled back with it', async () => {
    const e = email();
    await t.db
      .transaction(async (tx) => {
        expect(await enqueueEmail(tx, e)).toBe(true);
        throw new Error('order failed');
      })
      .catch(() => {});
    expect(
      await t.db.select().from(notifications).where(eq(notifications.documentId, e.documentId)),
    ).toHaveLength(0);
    expect(await enqueueEmail(t.db, e)).toBe(true);
  });

  it('the job writes .eml + .json to DATA_DIR/mail, sets sentAt, and /dev/mailbox lists it', async () => {
    const e = email({ subject: 'Mailbox check <b>', documentId: crypto.randomUUID() });
    await enqueueEmail(t.db, e);
    const summary = await t.app.jobs.runDue();
    expect(summary.failed).toBe(0);
    expect(summary.done).toBeGreaterThanOrEqual(1);

    const [row] = await t.db.select().from(notifications).where(eq(notifications.documentId, e.documentId));
    expect(row!.sentAt).toBeInstanceOf(Date);

    const dir = path.join(t.config.dataDir, 'mail');
    const files = await fs.readdir(dir);
    const json = files.filter((f) => f.endsWith('.json'));
    const mails = await Promise.all(
      json.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8'))),
    );
    const mine = mails.find((m) => m.subject === 'Mailbox check <b>');
    expect(mine).toMatchObject({ to: 'buyer@example.test', text: e.text, html: e.html });
    const eml = await fs.readFile(path.join(dir, mine.eml), 'utf8');
    expect(eml).toMatch(/^To: buyer@example\.test$/m);
    expect(eml).toMatch(/^Subject: Mailbox check <b>$/m);

    const list = await t.app.inject({ url: '/dev/mailbox.json' });
    expect(list.statusCode).toBe(200);
    expect(list.json().mails.some((m: { subject: string }) => m.subject === 'Mailbox check <b>')).toBe(true);

    const page = await t.app.inject({ url: '/dev/mailbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Mailbox check &lt;b&gt;');
    expect(page.body).toContain('<a href="http://localhost:3000/order/1">');

    const raw = await t.app.inject({ url: `/dev/mailbox/raw/${mine.id}` });
    expect(raw.statusCode).toBe(200);
    expect(raw.body).toContain('Subject: Mailbox check <b>');
    expect((await t.app.inject({ url: '/dev/mailbox/raw/..%2Fsecrets' })).statusCode).toBe(404);

    // Running again sends nothing more.
    const before = (await fs.readdir(dir)).length;
    await t.app.jobs.runDue();
    expect((await fs.readdir(dir)).length).toBe(before);
  });

  it('a job for a notification already marked sent does not send again', async () => {
    const e = email({ documentId: crypto.randomUUID() });
    await enqueueEmail(t.db, e);
    await t.db
      .update(notifications)
      .set({ sentAt: new Date() })
      .where(eq(notifications.documentId, e.documentId));
    const before = (await fs.readdir(path.join(t.config.dataDir, 'mail')).catch(() => [])).length;
    await t.app.jobs.runDue();
    expect((await fs.readdir(path.join(t.config.dataDir, 'mail')).catch(() => [])).length).toBe(before);
  });
});

describe('/dev/mailbox in production', () => {
  it('is not served', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example' });
    try {
      // No route: the request falls through to the web app's index.html (or a 404 without a build).
      for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
        const res = await prod.app.inject({ url });
        expect(res.body).not.toContain('Dev mailbox');
        expect(res.body).not.toContain('"mails"');
      }
    } finally {
      await prod.close();
    }
  });
});
