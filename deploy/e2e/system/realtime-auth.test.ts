import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WebSocket } from 'ws';
import { api } from '../src/api';
import { GATEWAY_URL } from '../src/browser';
import { instancesOf, stack } from '../src/stack';

// The browser's realtime connection through the gateway: the token travels as the first message, never in
// the URL, and the gateway's access log keeps no secret.
const INTERNAL_TOKEN = process.env.INTERNAL_TOKEN ?? 'dev-internal-token-change-me';
const PASSWORD = 'Relay-pass-123';
const wsUrl = (query = '') => `${GATEWAY_URL.replace(/^http/, 'ws')}/realtime${query}`;

/** Opens a socket, sends `first` messages in order, and collects what comes back until `done` says so or it closes. */
function talk(url: string, messages: unknown[], done: (frames: Array<Record<string, unknown>>) => boolean) {
  return new Promise<{ frames: Array<Record<string, unknown>>; close?: number }>((resolve, reject) => {
    const ws = new WebSocket(url);
    const frames: Array<Record<string, unknown>> = [];
    const timer = setTimeout(() => { ws.terminate(); reject(new Error(`no answer: ${JSON.stringify(frames)}`)); }, 10_000);
    ws.on('open', () => { for (const m of messages) ws.send(JSON.stringify(m)); });
    ws.on('message', (d) => {
      frames.push(JSON.parse(String(d)));
      if (done(frames)) { clearTimeout(timer); ws.close(); resolve({ frames }); }
    });
    ws.on('close', (code) => { clearTimeout(timer); resolve({ frames, close: code }); });
    ws.on('error', reject);
  });
}

describe('realtime authentication through the gateway', () => {
  let token: string;
  let storeId: number;

  beforeAll(async () => {
    const tag = randomBytes(3).toString('hex');
    const email = `relay-${tag}@example.com`;
    const seeded = await fetch(`${instancesOf('identity')[0].url}/internal/seed/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-token': INTERNAL_TOKEN },
      body: JSON.stringify({ users: [{ email, password: PASSWORD, fname: 'relay', lname: 'test', phone: '2155550188', role: 'professional' }] }),
    });
    if (!seeded.ok) throw new Error(`seed -> ${seeded.status} ${await seeded.text()}`);
    token = (await api('POST', 'login', { email, password: PASSWORD })).body.access_token;
    const store = await api('POST', 'store', {
      name: `Relay Salon ${tag}`, street: '1 market street', city: 'philadelphia', state: 'PA', zip: '19102', email: `desk-${tag}@example.com`,
      phone: '2155550189', username: `relay-desk-${tag}`, password: PASSWORD, password_confirmation: PASSWORD, timezone: 'America/New_York',
    }, token);
    if (store.status !== 201) throw new Error(`store -> ${store.status} ${JSON.stringify(store.body)}`);
    storeId = store.body.store.id;
  });

  it('when the token comes as the first message, then the store channel is joined', async () => {
    const channel = `store:${storeId}:appointment`;
    const { frames } = await talk(wsUrl(), [{ type: 'auth', token }, { type: 'subscribe', channel }], (f) => f.some((x) => x.channel === channel));
    expect(frames).toEqual([{ type: 'authenticated' }, { type: 'subscribed', channel, seq: expect.any(Number) }]);
  });

  it('when the token is in the URL, then the socket is refused and the access log keeps no token', async () => {
    const { close, frames } = await talk(wsUrl(`?token=${encodeURIComponent(token)}`), [], () => false);
    expect(close).toBe(4401);
    expect(frames.some((f) => f.type === 'subscribed' || f.type === 'authenticated')).toBe(false);
    const log = readFileSync(path.join(stack().runDir, '..', 'logs', 'nginx-access.log'), 'utf8');
    expect(log).toContain('GET /realtime?- ');
    expect(log).not.toContain(token.split('.')[2]);
  });

  it('when a socket sends no token, then store channels are refused and version is open', async () => {
    const channel = `store:${storeId}:appointment`;
    const { frames } = await talk(wsUrl(), [{ type: 'subscribe', channel }, { type: 'subscribe', channel: 'version' }], (f) => f.length >= 2);
    expect(frames).toEqual([expect.objectContaining({ type: 'error', channel }), { type: 'subscribed', channel: 'version', seq: expect.any(Number) }]);
  });
});
