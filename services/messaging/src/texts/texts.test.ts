import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { MESSAGES, MESSAGING_MESSAGES } from '@turnbook/contracts';
import { eventually, startTestService } from '@turnbook/test-kit';
import { createMessagingService } from '../service';
import { MessagesRepository } from './repository';
import { localWhen, renderText } from './templates';
import { textWorld, type TestService } from '../test/world';

describe('text templates', () => {
  const store = { name: 'Bella Nails', phone: '2155550100', timezone: 'America/New_York' };

  it('when an appointment falls on either side of a daylight-saving change, then its text gives the local time with that day\'s zone', () => {
    expect(localWhen('2026-03-07', '10:00 am', 'America/New_York')).toBe('Sat, Mar 7 at 10:00 AM EST');
    expect(localWhen('2026-03-08', '10:00 am', 'America/New_York')).toBe('Sun, Mar 8 at 10:00 AM EDT');
    expect(localWhen('2026-10-31', '06:30 pm', 'America/New_York')).toBe('Sat, Oct 31 at 6:30 PM EDT');
    expect(localWhen('2026-11-01', '06:30 pm', 'America/New_York')).toBe('Sun, Nov 1 at 6:30 PM EST');
    // Arizona keeps standard time all year.
    expect(localWhen('2026-03-08', '10:00 am', 'America/Phoenix')).toBe('Sun, Mar 8 at 10:00 AM MST');
  });

  it('when a fixed text is written, then it names the store, its phone and the appointment\'s local date and time', () => {
    for (const kind of ['reminder', 'confirm', 'approve', 'reschedule', 'cancel'] as const) {
      const text = renderText(kind, { store, appointment: { date: '2026-03-08', start: '02:30 pm' } });
      expect(text).toContain('Bella Nails');
      expect(text).toContain('(215) 555-0100');
      expect(text).toContain('Sun, Mar 8 at 2:30 PM EDT');
    }
    expect(renderText('review', { store })).toMatch(/Bella Nails.*review.*\(215\) 555-0100/);
    expect(renderText('custom', { store, body: 'We open late today' })).toBe('Bella Nails: We open late today ((215) 555-0100) Reply STOP to opt out.');
  });
});

describe('the Text Center and the bulk reminder', () => {
  let svc: TestService;
  let w: Awaited<ReturnType<typeof textWorld>>;

  beforeAll(async () => {
    svc = await startTestService(createMessagingService({ texts: { retrySweepMs: 100, firstRetryMs: 100 } }));
    w = await textWorld(svc);
  }, 30_000);
  afterAll(async () => svc?.stop());

  it('when the front desk sends a reminder from an appointment, then the text says the store and local time, goes out once and says so in an sms.sent event', async () => {
    const nc = await connect({ servers: svc.config.NATS_URL });
    // By event id: the outbox may publish an event twice (JetStream keeps it once, a plain subscriber sees both).
    const sent = new Map<string, { appointmentId: number; kind: string }>();
    const sub = nc.subscribe(`evt.sms.${w.storeId}.sent`, { callback: (_e, m) => void sent.set(JSON.parse(m.string()).id, JSON.parse(m.string()).data) });
    try {
      const c = await w.customer('2155550111');
      const a = await w.appointment(c);
      await w.heard([a], [c]);
      const res = await w.as('store').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550111', kind: 'reminder', appointmentId: a, body: 'ignored' });
      expect(res.status).toBe(201);
      expect(res.body.message).toMatchObject({ recipient: '12155550111', kind: 'reminder', appointmentId: a, status: 'queued' });
      expect(res.body.message.body).toContain('Bella Nails');
      expect(res.body.message.body).toContain('at 10:00 AM E');
      await eventually(async () => expect(await w.texts('2155550111')).toHaveLength(1));
      await eventually(async () => expect([...sent.values()]).toEqual([expect.objectContaining({ appointmentId: a, kind: 'reminder' })]));
      expect((await svc.db.collection('sms_messages').findOne({ _id: res.body.message.id } as never))?.status).toBe('sent');
    } finally {
      sub.unsubscribe();
      await nc.close();
    }
  });

  it("when someone other than the owner sends 'review', then 403 and nothing is sent; the owner's goes", async () => {
    const c = await w.customer('2155550112');
    const a = await w.appointment(c);
    await w.heard([a], [c]);
    const body = { storeId: w.storeId, recipient: '12155550112', kind: 'review', appointmentId: a };
    for (const role of ['admin', 'store', 'staff']) {
      const res = await w.as(role).post('/api/sendSMS', body);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ownerOnlyText');
    }
    expect((await w.as('owner').post('/api/sendSMS', body)).status).toBe(201);
    await eventually(async () => expect(await w.texts('2155550112')).toHaveLength(1));
  });

  it("when the Text Center asks for an appointment's texts, then it gets the store's own, newest first; limited staff and other stores get none", async () => {
    const c = await w.customer('2155550114');
    const a = await w.appointment(c);
    await w.heard([a], [c]);
    const body = { storeId: w.storeId, recipient: '2155550114', kind: 'reminder', appointmentId: a };
    const first = await w.as('store').post('/api/sendSMS', body);
    const second = await w.as('staff').post('/api/sendSMS', body);
    expect([first.status, second.status]).toEqual([201, 201]);
    const res = await w.as('store').get(`/api/getTextsByAppointmentId/${a}?storeId=${w.storeId}`);
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { id: string }) => m.id)).toEqual([second.body.message.id, first.body.message.id]);
    expect(res.body.messages[0]).toMatchObject({ kind: 'reminder', appointmentId: a, recipient: '12155550114' });
    expect((await w.as('limited').get(`/api/getTextsByAppointmentId/${a}?storeId=${w.storeId}`)).status).toBe(403);
    const other = await w.as('other').get(`/api/getTextsByAppointmentId/${a}?storeId=${w.storeId}`);
    expect(other.status).toBe(403);
    const noStore = await w.as('store').get(`/api/getTextsByAppointmentId/${a}`);
    expect(noStore.status).toBe(400);
  });

  it('when a text is bad, then 400 names the field', async () => {
    const noBody = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550113', kind: 'custom' });
    expect([noBody.status, noBody.body.field]).toEqual([400, 'body']);
    const badPhone = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '44 20 7946 0958', body: 'hi' });
    expect([badPhone.status, badPhone.body.field]).toEqual([400, 'recipient']);
    const noAppointment = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550113', kind: 'confirm' });
    expect([noAppointment.status, noAppointment.body.field]).toEqual([400, 'appointmentId']);
    const otherStore = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550113', kind: 'confirm', appointmentId: 1 });
    expect(otherStore.status).toBe(404);
  });

  it("when a text about an appointment goes to a number that is not its customer's, then 400 names the recipient and nothing is queued", async () => {
    const ann = await w.customer('2155550131');
    const bea = await w.customer('2155550132', 'Bea Cruz');
    const a = await w.appointment(ann);
    await w.heard([a], [ann, bea]);
    // Another customer of the store, or a number no customer has: only the appointment's customer.
    for (const recipient of ['2155550132', '2155550139']) {
      for (const kind of ['reminder', 'custom']) {
        const res = await w.as('staff').post('/api/sendSMS', { storeId: w.storeId, recipient, kind, appointmentId: a, body: 'Your table is ready' });
        expect([recipient, kind, res.status, res.body.code, res.body.field, res.body.message])
          .toEqual([recipient, kind, 400, 'recipientNotCustomer', 'recipient', MESSAGING_MESSAGES.recipientNotCustomer]);
      }
    }
    expect(await svc.db.collection('sms_messages').countDocuments({ appointmentId: a } as never)).toBe(0);
  });

  it("when a custom text names no appointment, then it goes to a number of one of the store's customers and to no other", async () => {
    const c = await w.customer('2155550133');
    const gone = await w.customer('2155550134');
    await w.heard([], [c, gone]);
    await w.publish('customer.deleted', { customerId: gone, storeId: w.storeId });
    await eventually(async () => expect(await svc.db.collection('text_customers').findOne({ _id: gone, deleted: true } as never)).not.toBeNull());
    // A number no customer has, and a deleted customer's.
    for (const recipient of ['2155550138', '2155550134']) {
      const res = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient, body: 'We open late today' });
      expect([recipient, res.status, res.body.code, res.body.field, res.body.message])
        .toEqual([recipient, 400, 'recipientNotCustomer', 'recipient', MESSAGING_MESSAGES.recipientNotStoreCustomer]);
    }
    expect(await svc.db.collection('sms_messages').countDocuments({ storeId: w.storeId, recipient: { $in: ['12155550138', '12155550134'] } } as never)).toBe(0);
    const res = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550133', body: 'We open late today' });
    expect([res.status, res.body.message?.recipient]).toEqual([201, '12155550133']);
    await eventually(async () => expect(await w.texts('2155550133')).toHaveLength(1));
  });

  it("when a text goes to a customer of another store, then 400 and nothing is queued, with or without an appointment", async () => {
    const theirs = w.base + 6000;
    await w.publish('customer.created', {
      customerId: theirs, storeId: w.storeId + 1, fname: 'Cy', lname: 'Park', phone: '2155550135', email: null, status: 'ON', fav_staffId: null, book_with_fav_staff: 0,
      visited: 0, color: null, updated_at: new Date().toISOString(),
    }, w.storeId + 1);
    // Its customer is one messaging has not heard of: no phone to compare with, so the store's customers' count.
    const a = await w.appointment(w.base + 6001);
    await w.heard([a], [theirs]);
    const custom = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '12155550135', body: 'We open late today' });
    expect([custom.status, custom.body.code, custom.body.field]).toEqual([400, 'recipientNotCustomer', 'recipient']);
    const about = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '12155550135', kind: 'reminder', appointmentId: a });
    expect([about.status, about.body.code, about.body.field]).toEqual([400, 'recipientNotCustomer', 'recipient']);
    expect(await svc.db.collection('sms_messages').countDocuments({ recipient: '12155550135' } as never)).toBe(0);
  });

  it("when a text about an appointment goes to its customer's phone, with or without the leading 1, then it is queued; one digit off, it is refused", async () => {
    const c = await w.customer('2155550136');
    const a = await w.appointment(c);
    await w.heard([a], [c]);
    for (const recipient of ['2155550136', '12155550136', '+1 (215) 555-0136']) {
      const res = await w.as('store').post('/api/sendSMS', { storeId: w.storeId, recipient, kind: 'confirm', appointmentId: a });
      expect([recipient, res.status, res.body.message?.recipient]).toEqual([recipient, 201, '12155550136']);
    }
    const off = await w.as('store').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550137', kind: 'confirm', appointmentId: a });
    expect([off.status, off.body.code]).toEqual([400, 'recipientNotCustomer']);
    await eventually(async () => expect(await w.texts('2155550136')).toHaveLength(3));
  });

  it("when messaging knows no phone on the appointment yet, then its customer's phone on file is taken, else any of the store's customers' numbers", async () => {
    const c = await w.customer('2155550141');
    const other = await w.customer('2155550142');
    const a = await w.appointment(c);
    const unheard = await w.appointment(w.base + 6002);
    await w.heard([a, unheard], [c, other]);
    await eventually(async () => expect((await svc.db.collection('text_appointments').findOne({ _id: a } as never))?.phone).toBe('2155550141'));
    // As if the customer's event had not yet reached the appointment's copy.
    await svc.db.collection('text_appointments').updateOne({ _id: a } as never, { $set: { phone: null } });
    const send = (appointmentId: number, recipient: string) => w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient, kind: 'reminder', appointmentId });
    expect((await send(a, '2155550142')).status).toBe(400);
    expect((await send(a, '2155550141')).status).toBe(201);
    expect((await send(unheard, '2155550143')).status).toBe(400);
    expect((await send(unheard, '2155550142')).status).toBe(201);
  });

  it('when a text about an appointment is retried with its Idempotency-Key, then the first answer comes back and one text is queued', async () => {
    const c = await w.customer('2155550116');
    const a = await w.appointment(c);
    await w.heard([a], [c]);
    const key = randomUUID();
    const send = () => w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550116', kind: 'reminder', appointmentId: a }).set('Idempotency-Key', key);
    const first = await send();
    const again = await send();
    expect([first.status, again.status, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.body).toEqual(first.body);
    expect(await svc.db.collection('sms_messages').countDocuments({ appointmentId: a } as never)).toBe(1);
  });

  it("when a text names an appointment that is unknown, deleted or another store's, then it is 404 'Appointment not found' and nothing is queued; a non-owner's review is refused as owner-only first", async () => {
    const c = await w.customer('2155550115');
    const deleted = await w.appointment(c);
    const other = w.base + 5000;
    await w.publish('appointment.created', { id: other, storeId: w.storeId + 1, staffId: w.base + 13, customerId: c, date: w.tomorrow, start: '10:00 am', end: '11:00 am', status: 'ON', dayOff: false }, w.storeId + 1);
    await w.heard([deleted, other], [c]);
    await w.publish('appointment.deleted', { id: deleted, storeId: w.storeId, staffId: w.base + 13, customerId: c, date: w.tomorrow, start: '10:00 am', end: '11:00 am', status: 'ON', dayOff: false });
    await eventually(async () => expect(await svc.db.collection('text_appointments').findOne({ _id: deleted, deleted: true } as never)).not.toBeNull());
    for (const appointmentId of [w.base + 4999, deleted, other]) {
      const res = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550115', kind: 'reminder', appointmentId });
      expect([appointmentId, res.status, res.body.code, res.body.message]).toEqual([appointmentId, 404, 'notFound', MESSAGES.appointmentNotFound]);
      const review = await w.as('admin').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550115', kind: 'review', appointmentId });
      expect([appointmentId, review.status, review.body.code]).toEqual([appointmentId, 403, 'ownerOnlyText']);
    }
    expect(await svc.db.collection('sms_messages').countDocuments({ appointmentId: { $in: [w.base + 4999, deleted, other] } } as never)).toBe(0);
  });

  it('when the owner presses the bulk reminder twice at once, then every appointment with a phone is texted exactly once and the rest are skipped with a reason', async () => {
    const withPhone = await Promise.all([1, 2, 3, 4].map((i) => w.customer(`21555502${10 + i}`)));
    const noPhone = await w.customer(null);
    const booked = await Promise.all(withPhone.map((c) => w.appointment(c)));
    const cancelled = await w.appointment(withPhone[0], { status: 'CANCEL' });
    const phoneless = await w.appointment(noPhone);
    await w.heard([...booked, cancelled, phoneless], [...withPhone, noPhone]);
    const events = [...booked, cancelled, phoneless, 999_999_999];
    const [one, two] = await Promise.all([1, 2].map(() => w.as('owner').post('/api/sendSMSReminderBulk', { storeId: w.storeId, events })));
    expect([one.status, two.status]).toEqual([200, 200]);
    // Between the two answers each appointment was sent once; the other press skipped it.
    expect([...one.body.sent, ...two.body.sent].sort()).toEqual([...booked].sort());
    for (const res of [one, two]) {
      expect(res.body.results).toEqual(expect.arrayContaining([
        { appointmentId: cancelled, outcome: 'skipped', reason: 'cancelled' },
        { appointmentId: phoneless, outcome: 'skipped', reason: 'no phone' },
        { appointmentId: 999_999_999, outcome: 'failed', reason: 'not found' },
      ]));
    }
    const again = await w.as('owner').post('/api/sendSMSReminderBulk', { storeId: w.storeId, events: booked });
    expect(again.body.skipped.sort()).toEqual([...booked].sort());
    expect(again.body.results[0].reason).toBe('already reminded');
    await eventually(async () => {
      for (let i = 1; i <= 4; i++) expect(await w.texts(`21555502${10 + i}`)).toHaveLength(1);
    });
    // The bulk reminder is the owner's alone.
    for (const role of ['admin', 'store', 'superadmin']) expect((await w.as(role).post('/api/sendSMSReminderBulk', { storeId: w.storeId, events: booked })).status).toBe(403);
  });

  it('when a day is reminded after one of its appointments was, then that one is skipped and every other one is sent', async () => {
    const customers = await Promise.all([1, 2, 3, 4].map((i) => w.customer(`21555503${10 + i}`)));
    const booked = await Promise.all(customers.map((c) => w.appointment(c)));
    await w.heard(booked, customers);
    const first = await w.as('owner').post('/api/sendSMSReminderBulk', { storeId: w.storeId, events: [booked[0]] });
    expect(first.body.sent).toEqual([booked[0]]);
    // The reminded one comes first in the batch: a taken claim must not stop the ones after it.
    const day = await w.as('owner').post('/api/sendSMSReminderBulk', { storeId: w.storeId, events: booked });
    expect(day.body.results).toEqual([
      { appointmentId: booked[0], outcome: 'skipped', reason: 'already reminded' },
      ...booked.slice(1).map((id) => ({ appointmentId: id, outcome: 'sent', reason: null })),
    ]);
    await eventually(async () => {
      for (let i = 1; i <= 4; i++) expect(await w.texts(`21555503${10 + i}`)).toHaveLength(1);
    });
  });

  it('when two senders take the same attempt of a text at once, then only one of them starts it', async () => {
    // A repository of its own on the same database (the service keeps its wiring to itself).
    const messages = new MessagesRepository(svc.db.useDb(svc.db.name, { useCache: false }), svc.bus);
    const m = await messages.queue({ _id: `race-${randomUUID()}`, storeId: 1, recipient: '12155550199', body: 'Hi', kind: 'custom', appointmentId: null });
    expect(m).not.toBeNull();
    const started = await Promise.all(Array.from({ length: 20 }, () => messages.startAttempt(m!, new Date())));
    expect(started.filter(Boolean)).toHaveLength(1);
  });

  it('when the provider fails twice, then the text is retried with backoff and goes out once', async () => {
    let calls = 0;
    const flaky = await startTestService(
      createMessagingService({
        texts: { retrySweepMs: 50, firstRetryMs: 50 },
        sms: {
          name: 'recording',
          send: async (t) => {
            // This instance shares the stream and the database with the other tests' instances and may
            // send their queued texts too: only this test's recipient counts.
            if (t.to.endsWith('2155550120') && ++calls <= 2) throw new Error('provider timeout');
            await flaky.db.collection('sent_texts').insertOne({ _id: t.key, to: t.to.slice(-10), body: t.body, purpose: t.purpose, transport: 'recording', providerId: t.key, sentAt: new Date() } as never);
            return { providerId: t.key };
          },
        },
      }),
    );
    try {
      const fw = await textWorld(flaky);
      const c = await fw.customer('2155550120');
      await fw.heard([], [c]);
      const res = await fw.as('owner').post('/api/sendSMS', { storeId: fw.storeId, recipient: '2155550120', body: 'See you soon' });
      expect(res.status).toBe(201);
      await eventually(async () => expect((await flaky.db.collection('sms_messages').findOne({ _id: res.body.message.id } as never))?.status).toBe('sent'));
      expect(calls).toBe(3);
      expect(await flaky.db.collection('sent_texts').countDocuments({ to: '2155550120' } as never)).toBe(1);
    } finally {
      await flaky.stop();
    }
  });
});
