import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { conveniencesAllowed, isLoopbackHost } from '../../config.ts';
import type { App } from '../../lib/types.ts';
import { listStoredMails, readStoredEml, type StoredMail } from './mailer.ts';

/**
 * `/dev/mailbox`: the mails written to DATA_DIR/mail when SMTP_URL is unset (docs/product/payments.md), as a plain
 * HTML page and as JSON (`/dev/mailbox.json`), plus each raw `.eml`. It shows everyone's reset links, so it
 * exists only where development conveniences are allowed: not in production, and only on loopback.
 */
export default async function mailboxRoutes(app: App) {
  if (!conveniencesAllowed(app.config)) {
    // A plain 404, not the web app's index.html that other unknown paths get: there is no mailbox here.
    const gone = async (_req: unknown, reply: FastifyReply) =>
      reply.status(404).send({ message: 'Not found' });
    for (const url of ['/dev/mailbox', '/dev/mailbox.json', '/dev/mailbox/*'])
      app.get(url, { schema: { hide: true } }, gone);
    return;
  }
  // A page on another site can point a DNS name of its own at 127.0.0.1 (DNS rebinding) and read the
  // mailbox through the visitor's browser: only answer requests addressed to a loopback name.
  app.addHook('onRequest', async (req, reply) => {
    if (!isLoopbackHost(req.hostname)) return reply.status(404).send({ message: 'Not found' });
  });

  app.get('/dev/mailbox.json', { schema: { hide: true } }, async () => ({
    mode: app.config.smtpUrl ? 'smtp' : 'file',
    mails: await listStoredMails(app.config),
  }));

  app.get(
    '/dev/mailbox/raw/:id',
    { schema: { hide: true, params: z.object({ id: z.string().max(200) }) } },
    async (req, reply) => {
      const eml = await readStoredEml(app.config, req.params.id);
      if (!eml) return reply.status(404).send({ message: 'Not found' });
      return reply.header('content-type', 'message/rfc822').send(eml);
    },
  );

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    const mails = await listStoredMails(app.config);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        page(
          mails,
          app.config.smtpUrl ? 'SMTP_URL is set: new mail goes to the SMTP server, not here.' : null,
        ),
      );
  });
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Escape the text, then turn http(s) URLs into links. */
function linkify(text: string): string {
  return esc(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(mails: StoredMail[], note: string | null): string {
  const items = mails
    .map(
      (m) => `
  <article class="mail" aria-label="${esc(m.subject)}">
    <header>
      <h2>${esc(m.subject)}</h2>
      <dl>
        <dt>To</dt><dd class="to">${esc(m.to)}</dd>
        <dt>From</dt><dd>${esc(m.from)}</dd>
        <dt>Date</dt><dd><time datetime="${esc(m.date)}">${esc(new Date(m.date).toUTCString())}</time></dd>
        ${m.meta?.type ? `<dt>Type</dt><dd>${esc(m.meta.type)}</dd>` : ''}
      </dl>
      <a href="/dev/mailbox/raw/${encodeURIComponent(m.id)}">Raw message (.eml)</a>
    </header>
    <pre>${linkify(m.text)}</pre>
  </article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox · Haat</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #212529; }
  .mail { border: 1px solid #dee2e6; border-radius: .5rem; padding: 1rem; margin: 1rem 0; }
  .mail h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .1rem 1rem; margin: 0 0 .5rem; font-size: .9rem; }
  dt { color: #6c757d; } dd { margin: 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: #f8f9fa; padding: .75rem; border-radius: .25rem; }
  .note { background: #fff3cd; padding: .5rem 1rem; border-radius: .25rem; }
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p>E-mails Haat wrote to <code>DATA_DIR/mail</code> instead of sending them (development only; newest first).
 JSON: <a href="/dev/mailbox.json">/dev/mailbox.json</a></p>
${note ? `<p class="note">${esc(note)}</p>` : ''}
${mails.length ? items : '<p>No mail yet.</p>'}
</body>
</html>`;
}
