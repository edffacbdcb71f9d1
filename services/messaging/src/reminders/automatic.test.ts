import { DateTime } from 'luxon';
import { eventually, startTestService } from '@turnbook/test-kit';
import { createMessagingService } from '../service';
import { textWorld, type TestService } from '../test/world';

/** Texts nobody presses a button for: "you're up next", the day-before reminder, the booking's confirmation. */
describe('automatic texts', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService(createMessagingService({ texts: { retrySweepMs: 100, dayBeforeMs: 200 } }));
  }, 30_000);
  afterAll(async () => svc?.stop());

  it("when the walk-in ahead is checked in, then the next one who gave a phone is texted \"you're up next\" once; with the setting off, nobody is", async () => {
    const w = await textWorld(svc);
    const today = DateTime.now().setZone('America/New_York').toISODate()!;
    const sheet = (id: number, phone: string | null) =>
      w.publish('sheet.created', { id, storeId: w.storeId, date: today, appointmentId: null, partyId: null, customerPhone: phone });
    const checkIn = (id: number) => w.publish('sheet.updated', { id, storeId: w.storeId, date: today, appointmentId: null, checked: '10:05 am', staffIds: [1] });
    const [first, second, third] = [w.base + 501, w.base + 502, w.base + 503];
    await sheet(first, '2155550501');
    await sheet(second, '2155550502');
    await sheet(third, null);
    await eventually(async () => expect(await svc.db.collection('text_sheets').countDocuments({ storeId: w.storeId })).toBe(3));
    // Signing in to an empty line texts nobody: that person is at the desk.
    expect(await w.texts('2155550501')).toHaveLength(0);
    await checkIn(first);
    await eventually(async () => expect((await w.texts('2155550502')).map((t) => t.body)).toEqual([expect.stringContaining("you're up next")]));
    await checkIn(first);
    await new Promise((r) => setTimeout(r, 800));
    expect(await w.texts('2155550502')).toHaveLength(1);

    const off = await textWorld(svc);
    expect((await off.as('owner').put(`/api/smsSettings/${off.storeId}`, { upNextText: false })).body.settings.upNextText).toBe(false);
    await off.publish('sheet.created', { id: off.base + 501, storeId: off.storeId, date: today, appointmentId: null, partyId: null, customerPhone: '2155550511' });
    await off.publish('sheet.created', { id: off.base + 502, storeId: off.storeId, date: today, appointmentId: null, partyId: null, customerPhone: '2155550512' });
    await off.publish('sheet.updated', { id: off.base + 501, storeId: off.storeId, date: today, appointmentId: null, checked: '10:05 am', staffIds: [1] });
    await eventually(async () => expect(await svc.db.collection('text_sheets').countDocuments({ _id: off.base + 501, checked: true } as never)).toBe(1));
    await new Promise((r) => setTimeout(r, 800));
    expect(await off.texts('2155550512')).toHaveLength(0);
  });

  it("when a store chose an hour for reminders, then the next day's appointments are reminded once, and the owner's bulk reminder then skips them", async () => {
    const w = await textWorld(svc);
    const c = await w.customer('2155550521');
    const a = await w.appointment(c);
    await w.heard([a], [c]);
    // Hour 0: the hour has come whatever time the test runs.
    expect((await w.as('owner').put(`/api/smsSettings/${w.storeId}`, { reminderHour: 0 })).status).toBe(200);
    await eventually(async () => expect((await w.texts('2155550521')).map((t) => t.body)).toEqual([expect.stringContaining('a reminder of your appointment')]));
    const bulk = await w.as('owner').post('/api/sendSMSReminderBulk', { storeId: w.storeId, events: [a] });
    expect(bulk.body.results).toEqual([{ appointmentId: a, outcome: 'skipped', reason: 'already reminded' }]);
    await new Promise((r) => setTimeout(r, 800));
    expect(await w.texts('2155550521')).toHaveLength(1);
  });

  it("when a booking is made with 'send confirmation' on, then the customer gets the confirmation once", async () => {
    const w = await textWorld(svc);
    const c = await w.customer('2155550531');
    await w.heard([], [c]);
    const a = await w.appointment(c, { sendConfirmation: true });
    await eventually(async () => expect((await w.texts('2155550531')).map((t) => t.body)).toEqual([expect.stringContaining('is confirmed')]));
    await eventually(async () => expect((await svc.db.collection('sms_messages').findOne({ appointmentId: a }))?.kind).toBe('confirm'));
  });

  it("when the store texts on approve and an online request is approved, then the customer gets the approval once; with the setting off, nothing", async () => {
    const w = await textWorld(svc);
    const c = await w.customer('2155550541');
    const a = await w.appointment(c, { staffId: 8888, status: 'PENDING' });
    await w.heard([a], [c]);
    const approved = () => w.publish('online-request.changed', { id: a, storeId: w.storeId, staffId: 8888, date: w.tomorrow, start: '10:00 am', end: '11:00 am', status: 'APPROVED', previousStatus: 'PENDING' });
    await approved();
    await new Promise((r) => setTimeout(r, 800));
    expect(await w.texts('2155550541')).toHaveLength(0);
    await w.publish('store.updated', {
      storeId: w.storeId, ownerId: w.ids.owner, name: 'Bella Nails', email: 'bella@example.com', phone: '2155550100', permalink: `s${w.storeId}`, status: 'ON',
      timezone: 'America/New_York', hours: { mon: '9:00 am-7:00 pm' }, settings: { turnsBlock: false, cancelAndText: true, autoTextOnApprove: true },
    });
    await eventually(async () => expect((await svc.db.collection('text_stores').findOne({ _id: w.storeId } as never))?.autoTextOnApprove).toBe(true));
    await approved();
    await eventually(async () => expect((await w.texts('2155550541')).map((t) => t.body)).toEqual([expect.stringContaining('is approved')]));
  });
});
