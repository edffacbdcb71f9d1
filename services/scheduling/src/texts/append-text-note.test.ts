import { messaging } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { ownerBooksGel } from '../test/bookings';
import { afterRedelivery } from '../test/events';
import { startWorldWithGel, type World } from '../test/world';

let w: World;
let gel: number;

beforeAll(async () => {
  ({ w, gel } = await startWorldWithGel());
}, 60_000);
afterAll(async () => w?.stop());

describe("a sent text's note suffix", () => {
  it("when messaging says texts about an appointment went out, then its note gets each kind's suffix once; another store's appointment is left alone", async () => {
    const { id } = await ownerBooksGel(w, gel, { date: '2031-06-02', note: 'first visit' });
    const sent = (kind: 'reminder' | 'custom', storeId = w.store.id) =>
      w.svc.bus.publishDurably(w.svc.bus.event('sms.sent', storeId, { messageId: `m-${kind}-${Math.random()}`, storeId, appointmentId: id, kind, sentAt: new Date().toISOString() }));
    await sent('reminder');
    await sent('reminder');
    await sent('custom');
    await sent('custom', w.otherStore.id);
    const note = async () => (await w.svc.db.collection('appointments').findOne({ _id: id } as never))?.note;
    await eventually(async () => expect(await note()).toBe('first visit - sent reminder - sent custom message'));
    await afterRedelivery();
    expect(await note()).toBe('first visit - sent reminder - sent custom message');
  });

  it('when texts of two kinds about one appointment are reported on two instances at once, then its note gets both suffixes, every time', async () => {
    const second = await w.anotherInstance();
    try {
      const pairs = [['reminder', 'custom'], ['confirm', 'review'], ['reschedule', 'cancel'], ['custom', 'reminder'], ['review', 'reschedule'], ['cancel', 'confirm']] as const;
      for (const [i, [mine, theirs]] of pairs.entries()) {
        const { id } = await ownerBooksGel(w, gel, { date: '2031-06-09', note: 'regular' });
        // Each instance's own handler, as when messaging's events reach two instances at once.
        const sent = (svc: Pick<typeof w.svc, 'parts'>, kind: messaging.SmsKind) =>
          svc.parts.consumers!['scheduling-sms-sent']!(w.svc.bus.event('sms.sent', w.store.id, { messageId: `m-${kind}-${Math.random()}`, storeId: w.store.id, appointmentId: id, kind, sentAt: new Date().toISOString() }));
        await Promise.all([sent(w.svc, mine), sent(second, theirs)]);
        const note: string = (await w.svc.db.collection('appointments').findOne({ _id: id } as never))?.note;
        expect([i, note.split(' - ').sort()]).toEqual([i, ['regular', messaging.NOTE_SUFFIXES[mine], messaging.NOTE_SUFFIXES[theirs]].sort()]);
      }
    } finally {
      await second.stop();
    }
  }, 90_000); // six rounds of booking and two handlers: ~2 s idle, up to 15x that beside the whole run

  it("when a text is reported on one instance while the note is edited on another, then the edit is kept, every time", async () => {
    const second = await w.anotherInstance();
    try {
      for (let i = 0; i < 16; i++) {
        const { id } = await ownerBooksGel(w, gel, { date: '2031-06-16', note: 'regular' });
        // Started a little later each round, so the rounds span the edit's read, checks and write.
        const sent = new Promise((r) => setTimeout(r, 2 * i)).then(() => second.parts.consumers!['scheduling-sms-sent']!(w.svc.bus.event('sms.sent', w.store.id, { messageId: `m-${Math.random()}`, storeId: w.store.id, appointmentId: id, kind: 'reminder', sentAt: new Date().toISOString() })));
        const [edited] = await Promise.all([w.as('owner').patch(`/api/appointment/${id}`, { note: `allergic ${i}` }), sent]);
        expect(edited.status).toBe(200);
        const note = (await w.svc.db.collection('appointments').findOne({ _id: id } as never))?.note;
        // The text's suffix lands after the edit, or the edit (written from a screen without it) after the text.
        expect([`allergic ${i} - sent reminder`, `allergic ${i}`]).toContain(note);
      }
    } finally {
      await second.stop();
    }
  }, 180_000); // 16 rounds of booking and an edit: ~6 s idle, it passed 30 s once beside the whole run (stop 56)
});
