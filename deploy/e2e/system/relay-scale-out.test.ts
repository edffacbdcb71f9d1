import { randomUUID } from 'node:crypto';
import { ChannelSocket } from '../../local/chaos/sockets.mjs';
import { GATEWAY_URL } from '../src/browser';
import { bookedWith, bookUntilAnswered, demoBooking, until, type DemoBooking } from '../src/demo-booking';
import { instancesOf, killOnPurpose, pidOf } from '../src/stack';

// Issue 34 item 2: the relay scales out. Sockets join the demo store's appointment channel through the
// gateway, which spreads them over the relays; bookings are made on every scheduling instance meanwhile.
// One relay is SIGKILLed: its sockets must be on another relay within 5 s, and once bookings stop every
// socket, moved or not, must have every booking's event (replayed from the sequence it last saw).

const SOCKETS = 12;
const MOVE_LIMIT_MS = 5_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let booking: DemoBooking;
beforeAll(async () => {
  booking = await demoBooking();
});

describe('relays that scale out', () => {
  it('when one of two relays is killed while bookings are made, then its sockets are on the other within 5 s and no socket misses a booking', async () => {
    const relays = instancesOf('realtime');
    expect(relays.length).toBeGreaterThanOrEqual(2);
    const run = `relay ${Date.now().toString(36)}`;
    const channel = `store:${booking.storeId}:appointment`;
    const reread = async () => (await bookedWith(booking, run)).map((b) => b.id);
    const sockets = Array.from({ length: SOCKETS }, (_, i) => new ChannelSocket({ url: `${GATEWAY_URL.replace(/^http/, 'ws')}/realtime`, token: booking.token, channel, name: `socket ${i + 1}`, reread }).start());
    const acknowledged: number[] = [];
    const writing = { stop: false };
    const writer = async (w: number) => {
      for (let i = 0; !writing.stop; i++) {
        const res = await bookUntilAnswered(booking, `${run} ${w}-${i}`, randomUUID(), 30_000);
        if (res.status === 201 && res.id) acknowledged.push(res.id);
        await sleep(100);
      }
    };
    let writers: Array<Promise<void>> = [];
    try {
      await until('every socket subscribed', 20_000, async () => (sockets.every((s) => s.connected) ? true : undefined), 50);
      writers = [0, 1].map(writer);
      await until('first bookings acknowledged', 20_000, async () => (acknowledged.length >= 4 ? true : undefined), 50);

      const victim = relays[0];
      const connectsBefore = sockets.map((s) => s.connects);
      const killedAt = Date.now();
      const oldPid = killOnPurpose(victim.name);
      // A socket of the killed relay sees its close, reconnects through the gateway and subscribes again.
      const movedAfter = new Map<ChannelSocket, number>();
      await until('every dropped socket subscribed again', MOVE_LIMIT_MS + 10_000, async () => {
        sockets.forEach((s, i) => {
          if (!movedAfter.has(s) && s.connects > connectsBefore[i] && s.connected) movedAfter.set(s, Date.now() - killedAt);
        });
        const dropped = sockets.filter((s, i) => !s.connected || s.connects > connectsBefore[i]);
        return dropped.length > 0 && dropped.every((s) => movedAfter.has(s)) && Date.now() - killedAt > 1000 ? true : undefined;
      }, 20);

      // the killed relay is back (the launcher restarts it), and bookings went on throughout
      await until(`${victim.name} restarted`, 30_000, async () => {
        const pid = pidOf(victim.name);
        const ok = pid && pid !== oldPid && (await fetch(`${victim.url}/health`).then((r) => r.ok, () => false));
        return ok ? true : undefined;
      }, 200);
      const moved = [...movedAfter.values()];
      writing.stop = true;
      await Promise.all(writers);

      // late events and replays: every socket ends with every acknowledged booking
      await until('every socket has every booking', 20_000, async () => (sockets.every((s) => s.missed(acknowledged).length === 0) ? true : undefined), 200).catch(() => undefined);
      const missed = sockets.map((s) => s.missed(acknowledged).length);
      console.log(`relay scale-out: ${relays.length} relays, ${SOCKETS} sockets, ${moved.length} moved off ${victim.name} in ${moved.length ? Math.max(...moved) : 0} ms at most; ${acknowledged.length} bookings, missed per socket after catch-up ${missed.join(' ')}, replayed ${sockets.map((s) => s.replayed).join(' ')}`);

      // the gateway spread the sockets: some were on the killed relay, and the others did not notice it
      expect(moved.length).toBeGreaterThan(0);
      expect(moved.length).toBeLessThan(SOCKETS);
      expect(Math.max(...moved)).toBeLessThan(MOVE_LIMIT_MS);
      expect(missed).toEqual(sockets.map(() => 0));
    } finally {
      writing.stop = true;
      await Promise.all(writers);
      sockets.forEach((s) => s.close());
      for (const b of await bookedWith(booking, run).catch(() => [])) await booking.remove(b.id);
    }
  });
});
