import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';

/** One e-mail as the mail job hands it to the transport. */
export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Used as the file name in file mode and as the Message-ID's local part. */
  id?: string;
  meta?: Record<string, string>;
};

/** What file mode writes beside each `.eml`, and what `/dev/mailbox.json` lists. */
export type StoredMail = {
  id: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  meta?: Record<string, string>;
  eml: string;
};

export type Mailer = {
  readonly mode: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export const mailDir = (config: Config) => path.join(config.dataDir, 'mail');

/**
 * Nodemailer over SMTP_URL; without it, each message is written to DATA_DIR/mail as an RFC 822 `.eml`
 * (built by nodemailer, so it is exactly what SMTP would have carried) plus a `.json` index entry, which
 * `/dev/mailbox` lists. One file pair per message: no shared index file for concurrent senders to corrupt.
 */
export function createMailer(config: Config): Mailer {
  // nodemailer and its transport are made at the first mail, not at start: a web process whose jobs run in
  // the worker process (JOB_RUNNER=separate, ADR 0140) never sends one.
  let transport: Promise<Transporter> | undefined;
  let made: Transporter | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => {
      made = config.smtpUrl
        ? nodemailer.createTransport(config.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      return made;
    }));
  const close = () => made?.close();

  if (config.smtpUrl) {
    return {
      mode: 'smtp',
      async send(mail) {
        await (await open()).sendMail(message(config, mail));
      },
      close,
    };
  }

  const dir = mailDir(config);
  return {
    mode: 'file',
    async send(mail) {
      const info = (await (await open()).sendMail(message(config, mail))) as { message: Buffer };
      const id = safeName(mail.id ?? randomUUID());
      const date = new Date();
      const base = `${date.toISOString().replace(/[:.]/g, '-')}-${id}`;
      await fs.mkdir(dir, { recursive: true });
      await fs.writeFile(path.join(dir, `${base}.eml`), info.message);
      const stored: StoredMail = {
        id: base,
        date: date.toISOString(),
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        meta: mail.meta,
        eml: `${base}.eml`,
      };
      // Written last and renamed into place, so a listed entry always has its .eml.
      const tmp = path.join(dir, `.${base}.json.tmp`);
      await fs.writeFile(tmp, JSON.stringify(stored, null, 2));
      await fs.rename(tmp, path.join(dir, `${base}.json`));
    },
    close,
  };
}

function message(config: Config, mail: OutgoingMail) {
  return {
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.id ? `<${safeName(mail.id)}@haat>` : undefined,
  };
}

const safeName = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80);

/** The mails file mode wrote, newest first (for /dev/mailbox). */
export async function listStoredMails(config: Config, limit = 200): Promise<StoredMail[]> {
  const dir = mailDir(config);
  const names = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  const json = names
    .filter((n) => n.endsWith('.json') && !n.startsWith('.'))
    .sort()
    .reverse()
    .slice(0, limit);
  const mails = await Promise.all(
    json.map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as StoredMail),
  );
  return mails;
}

/** Read one stored mail's raw `.eml`, or null when there is none by that id. */
export async function readStoredEml(config: Config, id: string): Promise<Buffer | null> {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  return fs.readFile(path.join(mailDir(config), `${id}.eml`)).catch(() => null);
}
