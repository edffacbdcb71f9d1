import { eventually } from '@turnbook/test-kit';
import { startWorld, type World } from '../test/world';

let w: World;
let gel: number;

beforeAll(async () => {
  w = await startWorld();
  gel = await w.addGel();
}, 60_000);
afterAll(async () => w?.stop());

describe("a card on file and the no-show fee's log", () => {
  it('when a group booking names its card on file, then the appointment keeps it and answers it (its events carry it to billing)', async () => {
    const booked = await w.as('owner').post('/api/appointment', {
      storeId: w.store.id, staffId: w.staffIds.staff, customerId: 41, serviceIds: `${gel}`, date: '2031-06-02', start: '10:00 am', end: '10:45 am',
      note: 'group size: 3', cardOnFile: 'seti_group3', createdBy: 999, modifiedBy: 999,
    }).expect(201);
    expect(booked.body.appointment.cardOnFile).toBe('seti_group3');
    const stored = await w.svc.db.collection('appointments').findOne({ _id: booked.body.appointment.id } as never);
    expect(stored?.cardOnFile).toBe('seti_group3');
  });

  it("when billing says an appointment's no-show fee was charged (the event delivered twice), then the store's activity log records it once, under the appointment", async () => {
    const booked = await w.as('owner').post('/api/appointment', {
      storeId: w.store.id, staffId: w.staffIds.staff, customerId: 41, serviceIds: `${gel}`, date: '2031-06-03', start: '10:00 am', end: '10:45 am',
      cardOnFile: 'seti_x', createdBy: 999, modifiedBy: 999,
    }).expect(201);
    const appointmentId = booked.body.appointment.id as number;
    const charged = { storeId: w.store.id, appointmentId, amount: 2500, status: 'succeeded' as const, message: 'No-show fee charged', last4: '4242', chargedBy: 7 };
    await w.svc.bus.publishDurably(w.svc.bus.event('billing.no_show_charged', w.store.id, charged));
    await w.svc.bus.publishDurably(w.svc.bus.event('billing.no_show_charged', w.store.id, charged));
    const texts = async () => (await w.svc.db.collection('logs').find({ appointmentId } as never).toArray()).map((l) => l.text);
    await eventually(async () => expect(await texts()).toContain('No-show fee $25.00 to the card ending 4242: charged'));
    await new Promise((r) => setTimeout(r, 800));
    expect((await texts()).filter((t) => t.startsWith('No-show fee'))).toEqual(['No-show fee $25.00 to the card ending 4242: charged']);
  });
});
