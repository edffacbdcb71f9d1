import { randomUUID } from 'node:crypto';
import { api } from '../src/api';
import { demoLogin } from '../src/demo';
import { bookedWith, bookUntilAnswered, demoBooking, until, type DemoBooking } from '../src/demo-booking';
import { appointmentsCreatedSince, natsToKill, streamPosition } from '../src/event-stream';
import { killOnPurpose, pidOf, stack } from '../src/stack';

// The launcher keeps the local infrastructure alive as it keeps the services (deploy/local/README.md):
// SIGKILL of any one piece while bookings stream through the gateway; sign-in and booking work again
// within 30 s without restarting any service, and every acknowledged booking is kept, once, with its event
// on the stream. On a stack started with --nats-cluster 3, "nats" is the node leading the events stream.

const BACK_LIMIT_MS = 30_000;
const PIECES = ['postgres', 'ferretdb', 'nats', 'stripe-mock', 'mail-sink'] as const;
/** Every instance of every service: none may have been restarted to get back on its feet. */
const instances = () => Object.values(stack().services).flat().map((i) => i.name);

let booking: DemoBooking;
const owner = demoLogin('owner');

beforeAll(async () => {
  booking = await demoBooking();
});

const signsIn = async () => (await api('POST', 'login', { email: owner.login, password: owner.password }).catch(() => ({ status: 0 }))).status === 200;

describe('a piece of the local infrastructure that dies', () => {
  it.each(PIECES)('when %s is killed during a stream of bookings, then sign-in and booking work again within 30 s and no acknowledged booking or event is lost', async (piece) => {
    const run = `infra ${piece} ${Date.now().toString(36)}`;
    const since = await streamPosition();
    const servicePids = instances().map((s) => [s, pidOf(s)]);
    const acknowledged: Array<{ id: number; note: string }> = [];
    const refused: number[] = [];
    const writing = { stop: false };
    const writer = async (w: number) => {
      for (let i = 0; !writing.stop; i++) {
        const note = `${run} ${w}-${i}`;
        const res = await bookUntilAnswered(booking, note, randomUUID(), 45_000);
        if (res.status === 201 && res.id) acknowledged.push({ id: res.id, note });
        else refused.push(res.status);
      }
    };
    const writers = [0, 1].map(writer);
    let backAfterMs = 0;
    try {
      await until('first bookings acknowledged', 20_000, async () => (acknowledged.length >= 3 ? true : undefined));
      const target = piece === 'nats' ? await natsToKill() : piece;
      const killed = killOnPurpose(target);
      const killedAt = Date.now();
      backAfterMs = await until('sign-in and booking again', BACK_LIMIT_MS + 30_000, async () => {
        if (!(await signsIn())) return undefined;
        const probe = await bookUntilAnswered(booking, `${run} probe`, randomUUID(), 5000);
        return probe.status === 201 ? Date.now() - killedAt : undefined;
      });
      await until(`${piece} restarted`, 15_000, async () => {
        const pid = pidOf(target);
        return pid && pid !== killed ? true : undefined;
      });
      const after = acknowledged.length;
      await until('bookings acknowledged after the restart', 20_000, async () => (acknowledged.length >= after + 3 ? true : undefined));
    } finally {
      writing.stop = true;
      await Promise.all(writers);
    }
    expect(backAfterMs).toBeLessThan(BACK_LIMIT_MS);
    // the services rode it out: none was restarted
    expect(instances().map((s) => [s, pidOf(s)])).toEqual(servicePids);
    expect(refused).toEqual([]);

    const stored = await bookedWith(booking, run);
    const kept = new Map(stored.map((a) => [a.note, a.id]));
    expect(acknowledged.filter((a) => kept.get(a.note) !== a.id)).toEqual([]);
    const notes = stored.filter((a) => !a.note.endsWith('probe')).map((a) => a.note);
    expect(notes.length).toBe(new Set(notes).size);
    // every acknowledged booking's event reaches the stream (the outbox publishes what waited for NATS)
    let lost = acknowledged;
    for (const deadline = Date.now() + 30_000; lost.length > 0 && Date.now() < deadline; ) {
      const seen = await appointmentsCreatedSince(booking.storeId, since);
      lost = acknowledged.filter((a) => !seen.has(a.id));
    }
    expect(lost).toEqual([]);
    for (const a of stored) await booking.remove(a.id);
  });
});
