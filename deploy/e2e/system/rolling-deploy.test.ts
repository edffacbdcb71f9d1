import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { GATEWAY_URL } from '../src/browser';
import { bookedWith, demoBooking, gateway, until, type DemoBooking } from '../src/demo-booking';
import { demoLogin } from '../src/demo';
import { failureCode, fetchLikeABrowser, resends } from '../src/resend';
import { deployRoll, instancesOf, packageArtifact, pidOf } from '../src/stack';

// npm run deploy:roll replaces every instance of a service with a freshly packaged one while clients work:
// scheduling, then identity, are rolled while front desks book (each booking with its Idempotency-Key) and
// staff sign in through the gateway, and a calendar keeps its /realtime socket open. Nobody may notice:
// no request fails, every acknowledged booking is stored once, and the socket sees every booking's event.
// The clients resend a request the way a browser does (src/resend.ts), and only that way. The artifacts are
// packaged first, as a build machine would (deploy:roll --no-package): packaging on the serving host's two
// cores would time the bundler, not the roll.

const BOOKERS = 3;
const SIGNERS = 2;
/** A call that takes longer is a failed one: no client waits that long for a booking. */
const CALL_LIMIT_MS = 15_000;

/** `at`: when the call was sent; `ms`: how long it took (0: a resend that is not timed) */
interface Sent { kind: 'book' | 'sign-in'; status: number; at: number; ms: number; note?: string; id?: number; why?: string }

let booking: DemoBooking;

const ROLLED = ['scheduling', 'identity'] as const;

beforeAll(async () => {
  booking = await demoBooking();
  for (const service of ROLLED) {
    const { code, output } = await packageArtifact(service);
    if (code !== 0) throw new Error(`packaging ${service} failed:\n${output}`);
  }
}, 300_000);

/** POST /api/login through the gateway: 200 with a token, else the status (0: dropped or timed out, `why` says how). */
async function signIn(email: string, password: string): Promise<{ status: number; why?: string }> {
  try {
    // a sign-in is safe to send again: one that never reached the server signed nobody in
    const res = await fetchLikeABrowser(`${GATEWAY_URL}/api/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }), signal: AbortSignal.timeout(CALL_LIMIT_MS),
    }, true);
    const body = await res.json().catch(() => undefined);
    return { status: res.status === 200 && body?.access_token ? 200 : res.status === 200 ? -1 : res.status };
  } catch (err) {
    return { status: 0, why: failureCode(err) };
  }
}

/** The owner's calendar socket on the store's appointment channel: the booking ids its events carry. */
async function openCalendarSocket(token: string, storeId: number) {
  const ws = new WebSocket(`${GATEWAY_URL.replace(/^http/, 'ws')}/realtime`);
  const seen = new Set<number>();
  const channel = `store:${storeId}:appointment`;
  let closed = false;
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => { ws.send(JSON.stringify({ type: 'auth', token })); ws.send(JSON.stringify({ type: 'subscribe', channel })); });
    ws.on('message', (d) => {
      const frame = JSON.parse(String(d));
      if (frame.type === 'subscribed' && frame.channel === channel) resolve();
      if (frame.type === 'event' && frame.channel === channel && typeof frame.data?.id === 'number') seen.add(frame.data.id);
    });
    ws.on('close', () => { closed = true; });
    ws.on('error', reject);
  });
  return { seen, isClosed: () => closed, close: () => ws.close() };
}

describe('a rolling deploy under load', () => {
  it('when scheduling and identity are rolled while clients book and sign in, then no request fails, no booking is lost or doubled and the open socket sees every booking', async () => {
    const before = { scheduling: instancesOf('scheduling'), identity: instancesOf('identity') };
    const oldPids = [...before.scheduling, ...before.identity].map((i) => pidOf(i.name)).filter((p): p is number => !!p);
    const socket = await openCalendarSocket(booking.token, booking.storeId);
    const run = `roll ${Date.now().toString(36)}`;
    const sent: Sent[] = [];
    const load = { stop: false };

    const booker = async (w: number) => {
      for (let i = 0; !load.stop; i++) {
        const note = `${run} ${w}-${i}`;
        const key = randomUUID();
        const began = Date.now();
        let res = await gateway('POST', 'appointment', booking.token, booking.body(note), { 'Idempotency-Key': key }, CALL_LIMIT_MS);
        sent.push({ kind: 'book', status: res.status, at: began, ms: Date.now() - began, note, id: res.body?.appointment?.id, why: res.body?.networkError });
        // A failed booking is counted, then sent again with its key as a front desk would: it must not double.
        while (res.status !== 201 && !load.stop) {
          res = await gateway('POST', 'appointment', booking.token, booking.body(note), { 'Idempotency-Key': key }, CALL_LIMIT_MS);
          if (res.status === 201) sent.push({ kind: 'book', status: 201, at: Date.now(), ms: 0, note, id: res.body.appointment.id });
        }
      }
    };
    const signer = async (w: number) => {
      const who = demoLogin(['staff', 'admin staff'][w % 2]);
      while (!load.stop) {
        const began = Date.now();
        const { status, why } = await signIn(who.login, who.password);
        sent.push({ kind: 'sign-in', status, at: began, ms: Date.now() - began, why });
      }
    };
    const clients = [...Array.from({ length: BOOKERS }, (_, w) => booker(w)), ...Array.from({ length: SIGNERS }, (_, w) => signer(w))];

    let rollStart = 0;
    let rollEnd = 0;
    const rolls: Array<{ service: string; code: number | null; output: string }> = [];
    try {
      // a few bookings each before the roll: the same load's answers without a roll, to compare with
      await until('first bookings acknowledged', 30_000, async () => (sent.filter((s) => s.status === 201).length >= 3 * BOOKERS ? true : undefined));
      rollStart = Date.now();
      for (const service of ROLLED) rolls.push({ service, ...(await deployRoll(service, '--no-package')) });
      rollEnd = Date.now();
      // a little load after the last old instance stopped: the new ones carry it alone
      const after = sent.length;
      await until('calls answered after the roll', 20_000, async () => (sent.length >= after + 10 ? true : undefined));
    } finally {
      load.stop = true;
      await Promise.all(clients);
    }
    for (const r of rolls) expect({ service: r.service, code: r.code, output: r.output }).toEqual({ service: r.service, code: 0, output: expect.stringContaining(`rolled ${r.service}`) });

    const failed = sent.filter((s) => !(s.kind === 'book' ? s.status === 201 : s.status === 200));
    const acknowledged = sent.filter((s) => s.kind === 'book' && s.status === 201);
    const stored = await bookedWith(booking, run);
    const storedNotes = stored.map((a) => a.note);
    const lost = [...new Set(acknowledged.map((s) => s.note!))].filter((note) => !storedNotes.includes(note));
    const doubled = storedNotes.filter((note, i) => storedNotes.indexOf(note) !== i);
    const missedEvents = await until('every stored booking announced on the socket', 15_000, async () => {
      const missed = stored.filter((a) => !socket.seen.has(a.id)).map((a) => a.id);
      return missed.length === 0 ? missed : undefined;
    }).catch(() => stored.filter((a) => !socket.seen.has(a.id)).map((a) => a.id));
    const socketClosed = socket.isClosed();
    socket.close();
    // answers to calls sent while a roll ran, and to the same load's calls before and after it
    const timed = sent.filter((s) => s.ms > 0);
    const during = timed.filter((s) => s.at >= rollStart && s.at <= rollEnd);
    const longest = during.reduce((a, b) => (b.ms > a.ms ? b : a));
    const longestMs = longest.ms;
    const figures = (list: Sent[]) => (['book', 'sign-in'] as const).map((kind) => {
      const ms = list.filter((s) => s.kind === kind).map((s) => s.ms).sort((a, b) => a - b);
      const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0;
      return `${ms.length} ${kind === 'book' ? 'bookings' : 'sign-ins'} median ${at(0.5)} ms, p95 ${at(0.95)} ms, longest ${ms.at(-1) ?? 0} ms, ${ms.filter((m) => m > 2000).length} over 2 s`;
    }).join('; ');
    console.log([
      `rolling deploy of scheduling and identity (${((rollEnd - rollStart) / 1000).toFixed(1)} s):`,
      `  requests sent ${sent.length} (${acknowledged.length} bookings, ${sent.length - sent.filter((s) => s.kind === 'book').length} sign-ins)`,
      `  failed ${failed.length}, bookings lost ${lost.length}, doubled ${doubled.length}, events missed ${missedEvents.length}`,
      `  resent once on a kept-alive connection the gateway's reload closed: ${resends.count} ${JSON.stringify(resends.codes)}`,
      `  longest answer during the roll ${longestMs} ms (a ${longest.kind})`,
      `  during the roll: ${figures(during)}`,
      `  the same load without a roll (before and after it): ${figures(timed.filter((s) => s.at < rollStart || s.at > rollEnd))}`,
    ].join('\n'));

    for (let i = 0; i < stored.length; i += 10) await Promise.all(stored.slice(i, i + 10).map((a) => booking.remove(a.id)));
    expect(failed.map((s) => `${s.kind} ${s.status}${s.why ? ` (${s.why})` : ''} after ${s.ms} ms`)).toEqual([]);
    expect({ lost, doubled, missedEvents, socketClosed }).toEqual({ lost: [], doubled: [], missedEvents: [], socketClosed: false });

    // stack.json lists the new instances, as many as before, one on the service's own port (other services
    // call it there), each answering from a new process; the old processes are gone, not restarted
    for (const service of ROLLED) {
      const now = instancesOf(service);
      expect(now).toHaveLength(before[service].length);
      expect(now.map((i) => i.port)).toContain(Math.min(...before[service].map((b) => b.port)));
      for (const i of now) {
        expect(oldPids).not.toContain(pidOf(i.name));
        expect((await fetch(`${i.url}/health`)).status).toBe(200);
      }
    }
    expect(oldPids.filter((pid) => { try { process.kill(pid, 0); return true; } catch { return false; } })).toEqual([]);
  }, 420_000); // two packagings and four instance starts on two busy cores
});
