import { eventually } from '@turnbook/test-kit';
import { startWorld, type World } from '../test/world';

let w: World;
let gel: number;

beforeAll(async () => {
  w = await startWorld();
  gel = await w.addGel();
}, 60_000);
afterAll(async () => w?.stop());

describe("a sent text's note suffix", () => {
  it("when messaging says texts about an appointment went out, then its note gets each kind's suffix once; another store's appointment is left alone", async () => {
    const booked = await w.as('owner').post('/api/appointment', {
      storeId: w.store.id, staffId: w.staffIds.staff, customerId: 41, serviceIds: `${gel}`, date: '2031-06-02', start: '10:00 am', end: '10:45 am',
      note: 'first visit', createdBy: 999, modifiedBy: 999,
    }).expect(201);
    const id = booked.body.appointment.id as number;
    const sent = (kind: 'reminder' | 'custom', storeId = w.store.id) =>
      w.svc.bus.publishDurably(w.svc.bus.event('sms.sent', storeId, { messageId: `m-${kind}-${Math.random()}`, storeId, appointmentId: id, kind, sentAt: new Date().toISOString() }));
    await sent('reminder');
    await sent('reminder');
    await sent('custom');
    await sent('custom', w.otherStore.id);
    const note = async () => (await w.svc.db.collection('appointments').findOne({ _id: id } as never))?.note;
    await eventually(async () => expect(await note()).toBe('first visit - sent reminder - sent custom message'));
    await new Promise((r) => setTimeout(r, 800));
    expect(await note()).toBe('first visit - sent reminder - sent custom message');
  });
});
