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
});
