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

describe("a card on file and the no-show fee's log", () => {
  it('when a group booking names its card on file, then the appointment keeps it and answers it (its events carry it to billing)', async () => {
    const booked = await ownerBooksGel(w, gel, { date: '2031-06-02', note: 'group size: 3', cardOnFile: 'seti_group3' });
    expect(booked.cardOnFile).toBe('seti_group3');
    const stored = await w.svc.db.collection('appointments').findOne({ _id: booked.id } as never);
    expect(stored?.cardOnFile).toBe('seti_group3');
  });

  it("when billing says an appointment's no-show fee was charged (the event delivered twice), then the store's activity log records it once, under the appointment", async () => {
    const appointmentId = (await ownerBooksGel(w, gel, { date: '2031-06-03', cardOnFile: 'seti_x' })).id;
    const charged = { storeId: w.store.id, appointmentId, amount: 2500, status: 'succeeded' as const, message: 'No-show fee charged', last4: '4242', chargedBy: 7 };
    await w.svc.bus.publishDurably(w.svc.bus.event('billing.no_show_charged', w.store.id, charged));
    await w.svc.bus.publishDurably(w.svc.bus.event('billing.no_show_charged', w.store.id, charged));
    const texts = async () => (await w.svc.db.collection('logs').find({ appointmentId } as never).toArray()).map((l) => l.text);
    await eventually(async () => expect(await texts()).toContain('No-show fee $25.00 to the card ending 4242: charged'));
    await afterRedelivery();
    expect((await texts()).filter((t) => t.startsWith('No-show fee'))).toEqual(['No-show fee $25.00 to the card ending 4242: charged']);
  });
});
