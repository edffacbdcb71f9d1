import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort, httpCheck, waitFor } from '../health.mjs';

const nodemailer = createRequire(import.meta.url)('nodemailer');
const SINK = path.join(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '..', 'mail-sink.mjs');

describe('mail sink', () => {
  let dir;
  let sink;
  let smtpPort;
  let api;

  const startSink = async () => {
    sink = spawn(process.execPath, [SINK, '--smtp-port', String(smtpPort), '--http-port', String(new URL(api).port), '--dir', dir], { stdio: 'ignore' });
    expect(await waitFor({ check: httpCheck(`${api}/health`), timeoutMs: 10000 })).toBe('ready');
  };
  const stopSink = async () => {
    const exited = new Promise((r) => sink.once('exit', r));
    sink.kill('SIGTERM');
    await exited;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tb-mail-'));
    smtpPort = await freePort();
    api = `http://127.0.0.1:${await freePort()}`;
    await startSink();
  });
  afterAll(async () => {
    await stopSink();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (to, subject) => nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false })
    .sendMail({
      from: 'Turnbook <no-reply@turnbook.local>',
      to,
      subject,
      text: 'Verify: http://localhost:8080/activate/abc',
      html: '<p><a href="http://localhost:8080/activate/abc">Verify your email</a></p>',
    });
  const messages = async (query = '') => (await fetch(`${api}/dev/mailbox/api/messages${query}`)).json();

  it('when a mail is sent without TLS or auth, then the API lists it for its recipient, newest first', async () => {
    await send('Owner@Example.com', 'Welcome');
    await send('owner@example.com', 'Verify your email');
    await send('other@example.com', 'Not for the owner');
    const found = await messages('?to=OWNER@example.com');
    expect(found.map((m) => m.subject)).toEqual(['Verify your email', 'Welcome']);
    expect(found[0]).toMatchObject({ to: 'owner@example.com', text: expect.stringContaining('/activate/abc'), html: expect.stringContaining('<a href') });
    expect(found[0]).toEqual(expect.objectContaining({ id: expect.any(String), from: expect.stringContaining('no-reply@turnbook.local'), date: expect.any(String) }));
  });

  it('when the mailbox page is opened, then each message is listed with its body and clickable link', async () => {
    const page = await (await fetch(`${api}/dev/mailbox`)).text();
    expect(page).toContain('Verify your email');
    expect(page).toContain('owner@example.com');
    expect(page).toContain('href=&quot;http://localhost:8080/activate/abc&quot;'); // inside the iframe's srcdoc
  });

  it('when the sink restarts, then the stored mail is still there', async () => {
    await stopSink();
    await startSink();
    expect((await messages()).length).toBe(3);
  });

  it('when the mailbox is cleared, then no message is left in memory or on disk', async () => {
    await fetch(`${api}/dev/mailbox/api/messages`, { method: 'DELETE' });
    expect(await messages()).toEqual([]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toEqual([]);
  });
});
