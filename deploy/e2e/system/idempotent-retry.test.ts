import { randomUUID } from 'node:crypto';
import { bookedWith, bookUntilAnswered, demoBooking, type DemoBooking } from '../src/demo-booking';
import { instancesOf, killOnPurpose } from '../src/stack';

// A booking's Idempotency-Key survives the instance answering it: bookings sent to one scheduling instance,
// which is killed (SIGKILL) while most of them are in flight; each is retried with its key through the
// gateway (the other instance answers) and must be answered within 10 s of the kill, every one written
// exactly once (docs/decisions.md, "Idempotency keys are leases").

const ANSWER_LIMIT_MS = 10_000;
const BOOKINGS = 12;

let booking: DemoBooking;

beforeAll(async () => {
  if (instancesOf('scheduling').length < 2) throw new Error('these checks need two scheduling instances (npm start -- --instances scheduling=2)');
  booking = await demoBooking();
});

describe('an Idempotency-Key whose instance died', () => {
  it('when a scheduling instance is killed with bookings in flight, then each retry is answered within 10 s and every booking is written once', async () => {
    const victim = instancesOf('scheduling')[1];
    const run = `retry ${Date.now().toString(36)}`;
    const sent = Array.from({ length: BOOKINGS }, (_, i) => ({ key: randomUUID(), note: `${run} ${i}`, answered: undefined as number | undefined }));
    let killedAt = 0;
    const firstAnswer = new Promise<void>((resolve) => {
      for (const s of sent) {
        fetch(`${victim.url}/api/appointment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${booking.token}`, 'Idempotency-Key': s.key },
          body: JSON.stringify(booking.body(s.note)),
        }).then(async (res) => {
          if (killedAt) return;
          if (res.status === 201) s.answered = (await res.json()).appointment.id;
          resolve();
        }, () => undefined);
      }
    });
    await firstAnswer;
    killOnPurpose(victim.name);
    killedAt = Date.now();
    const inFlight = sent.filter((s) => s.answered === undefined);
    expect(inFlight.length).toBeGreaterThan(0);

    const retries = await Promise.all(sent.map((s) => bookUntilAnswered(booking, s.note, s.key)));
    const slow = retries.map((r, i) => ({ ...r, note: sent[i].note })).filter((r) => r.status !== 201 || r.ms > ANSWER_LIMIT_MS);
    expect(slow).toEqual([]);
    // an answer given before the kill is the answer after it
    for (const [i, s] of sent.entries()) if (s.answered !== undefined) expect(retries[i].id).toBe(s.answered);

    const stored = await bookedWith(booking, run);
    expect(stored.map((a) => a.note).sort()).toEqual(sent.map((s) => s.note).sort());
    expect(stored.map((a) => a.id).sort()).toEqual(retries.map((r) => r.id).sort());
    for (const a of stored) await booking.remove(a.id);
  });
});
