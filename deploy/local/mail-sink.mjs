// Local SMTP sink: accepts every mail (no TLS, no auth), keeps it in memory and as JSON files, and
// shows it on a dev mailbox page so verification and reset links can be clicked; tests read the JSON API.
//
//   node deploy/local/mail-sink.mjs --smtp-port 2525 --http-port 4107 --dir .data/dev/mail
//
//   GET    /dev/mailbox                          HTML page, newest first
//   GET    /dev/mailbox/api/messages?to=<email>  JSON [{ id, to, from, subject, text, html, date, attachments }]
//   DELETE /dev/mailbox/api/messages             clear everything
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { renderMailbox } from './mailbox-page.mjs';

const { values: args } = parseArgs({
  options: {
    'smtp-port': { type: 'string', default: '2525' },
    'http-port': { type: 'string', default: '4107' },
    dir: { type: 'string', default: '.data/dev/mail' },
  },
});
const dir = path.resolve(args.dir);
mkdirSync(dir, { recursive: true });

/** @type {Array<{ id: string, to: string[], from: string, subject: string, text: string, html: string, date: string }>} */
const messages = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')))
  .sort((a, b) => a.date.localeCompare(b.date));

const addresses = (field) => (field ? [field].flat().flatMap((a) => a.value.map((v) => v.address.toLowerCase())) : []);

async function store(stream, session) {
  const mail = await simpleParser(stream);
  const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
  const message = {
    id: `${Date.now()}-${randomUUID().slice(0, 8)}`,
    to: [...new Set([...addresses(mail.to), ...envelopeTo])],
    from: mail.from?.text ?? session.envelope.mailFrom?.address ?? '',
    subject: mail.subject ?? '',
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    // a calendar file and other text files as text, anything else as base64
    attachments: (mail.attachments ?? []).map((a) => {
      const text = /^text\//.test(a.contentType);
      return { filename: a.filename ?? '', contentType: a.contentType, encoding: text ? 'utf8' : 'base64', content: a.content.toString(text ? 'utf8' : 'base64') };
    }),
    date: new Date().toISOString(),
  };
  messages.push(message);
  writeFileSync(path.join(dir, `${message.id}.json`), JSON.stringify(message, null, 2));
  console.log(`mail to ${message.to.join(', ')}: ${message.subject}`);
}

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  size: 25 * 1024 * 1024,
  onAuth(auth, session, callback) { callback(null, { user: auth.username || 'dev' }); }, // any credentials
  onData(stream, session, callback) {
    store(stream, session).then(() => callback(), (err) => callback(err));
  },
});
smtp.on('error', (err) => console.error('smtp error:', err.message));

function sendJson(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const web = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  const route = url.pathname.replace(/\/+$/, '');
  if (route === '/dev/mailbox/api/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = messages.filter((m) => !to || m.to.includes(to)).reverse();
    return sendJson(res, 200, found.map((m) => ({ ...m, to: m.to.join(', ') })));
  }
  if (route === '/dev/mailbox/api/messages' && req.method === 'DELETE') {
    messages.length = 0;
    for (const f of readdirSync(dir)) if (f.endsWith('.json')) rmSync(path.join(dir, f));
    return sendJson(res, 200, { deleted: true });
  }
  if ((route === '/dev/mailbox' || route === '') && req.method === 'GET') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    return res.end(renderMailbox([...messages].reverse()));
  }
  if (route === '/health') return sendJson(res, 200, { ok: true });
  return sendJson(res, 404, { message: 'Not found' });
});

smtp.listen(Number(args['smtp-port']), '127.0.0.1', () => {
  web.listen(Number(args['http-port']), '127.0.0.1', () => {
    console.log(`mail sink: smtp on 127.0.0.1:${args['smtp-port']}, mailbox on http://127.0.0.1:${args['http-port']}/dev/mailbox`);
  });
});

const shutdown = () => {
  web.close();
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
