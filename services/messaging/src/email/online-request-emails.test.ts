import { jetstream } from '@nats-io/jetstream';
import type { EventEnvelope, RequestNoticeResponse } from '@turnbook/contracts';
import { eventually, NatsProcess, startTestService, waitUntilConsumed } from '@turnbook/test-kit';
import { createMessagingService } from '../service';
import { startSmtpSink } from '../test/smtp-sink';

type Notice = NonNullable<RequestNoticeResponse['notice']>;

/**
 * The customer's emails about an online request, from scheduling's `online-request.changed`, against a real
 * SMTP server, database and NATS; scheduling's and identity's internal calls are doubles.
 */
describe('emails of an online request', () => {
  let nats: NatsProcess;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let svc: Awaited<ReturnType<typeof startTestService>>;
  const notices = new Map<number, Notice>();
  const accounts = new Map<number, { email: string; fname: string }>();

  beforeAll(async () => {
    nats = new NatsProcess();
    await nats.start();
    smtp = await startSmtpSink();
    svc = await startTestService(
      createMessagingService({ requestNotice: async (id) => notices.get(id) ?? null, account: async (id) => accounts.get(id) ?? null }),
      { env: { NATS_URL: nats.url, SMTP_URL: smtp.url, PUBLIC_URL: 'http://localhost:8080' } },
    );
  }, 30_000);

  afterAll(async () => {
    await svc?.stop();
    await smtp?.stop();
    await nats?.kill();
  });

  let next = 500;
  /** A request of a fresh customer account at a store in the given zone. */
  const request = (over: Partial<Notice> = {}) => {
    const id = ++next;
    const accountId = 90_000 + id;
    const email = `customer${id}@example.com`;
    accounts.set(accountId, { email, fname: 'mia' });
    notices.set(id, {
      id, accountId, storeName: 'nail studio', permalink: 'nail-studio', timezone: 'America/New_York', services: ['Gel Manicure', 'Polish'],
      staffName: 'Anna', cancelledByCustomer: false, suggested: false, storeEmail: '',
      serviceDetails: [{ name: 'Gel Manicure', duration: 45, price: 35 }, { name: 'Polish', duration: 15, price: 10 }], storeAddress: '1 Main St, Philadelphia, PA 19103', ...over,
    });
    return { id, email };
  };
  const changed = (id: number, status: string, previousStatus: string | null, over: object = {}) =>
    svc.bus.event('online-request.changed', 7, { id, storeId: 7, staffId: 8888, date: '2026-12-07', start: '10:00 am', end: '11:00 am', status, previousStatus, ...over });
  const settled = () => waitUntilConsumed(svc.bus.connection, `messaging-email-online-request${svc.config.DURABLE_SUFFIX}`);
  const one = (email: string) =>
    eventually(() => {
      const found = smtp.to(email);
      expect(found).toHaveLength(1);
      return found[0];
    });

  it("when a request is made, then the customer's account gets 'received' with the store's name and the store's local time", async () => {
    const r = request();
    await svc.bus.publishDurably(changed(r.id, 'PENDING', null));
    const mail = await one(r.email);
    expect(mail.subject).toBe('Nail Studio received your request');
    expect(mail.body).toContain('Hi Mia,');
    expect(mail.body).toContain('Gel Manicure, Polish with Anna on Monday, December 7, 2026 at 10:00 am EST');
    expect(mail.body).toContain('http://localhost:8080/appointments');
  });

  it('when a request is made, then the mail repeats the booking and carries it as a calendar file (.ics) in UTC, tentative until approved', async () => {
    const r = request();
    await svc.bus.publishDurably(changed(r.id, 'PENDING', null));
    const mail = await one(r.email);
    for (const line of ['Service: Gel Manicure, 45 min, $35.00', 'Service: Polish, 15 min, $10.00', 'Staff: Anna', 'When: Monday, December 7, 2026 at 10:00 am EST to 11:00 am', 'Price: $45.00', 'Where: 1 Main St, Philadelphia, PA 19103']) {
      expect(mail.body).toContain(line);
    }
    const [file] = mail.attachments;
    expect(file).toMatchObject({ filename: 'appointment.ics', contentType: expect.stringMatching(/^text\/calendar/) });
    // 10:00 am in New York in December is 15:00 UTC
    for (const line of ['BEGIN:VEVENT', `UID:request-${r.id}@turnbook`, 'DTSTART:20261207T150000Z', 'DTEND:20261207T160000Z', 'STATUS:TENTATIVE', 'SUMMARY:Gel Manicure\\, Polish at nail studio', 'LOCATION:1 Main St\\, Philadelphia\\, PA 19103']) {
      expect(file.content.replace(/\r\n[ \t]/g, '')).toContain(line);
    }
  });

  it('when the store approves, then the calendar file is the same event, confirmed, with a higher sequence', async () => {
    const r = request();
    await svc.bus.publishDurably(changed(r.id, 'APPROVED', 'PENDING'));
    const file = (await one(r.email)).attachments[0];
    const content = file.content.replace(/\r\n[ \t]/g, '');
    expect(content).toContain(`UID:request-${r.id}@turnbook`);
    expect(content).toContain('STATUS:CONFIRMED');
    expect(content).toContain('SEQUENCE:2');
  });

  it("when the store is in another zone, then the time is that store's wall time with its zone", async () => {
    const r = request({ timezone: 'America/Los_Angeles', staffName: null });
    await svc.bus.publishDurably(changed(r.id, 'PENDING', null, { date: '2026-07-06', start: '02:15 pm' }));
    const mail = await one(r.email);
    expect(mail.body).toContain('with anyone available on Monday, July 6, 2026 at 02:15 pm PDT');
  });

  it.each([
    ['APPROVED', 'PENDING', 'Nail Studio approved your appointment'],
    ['APPROVED', 'MODIFYING', 'Nail Studio approved your appointment'],
    ['CANCEL', 'PENDING', 'Nail Studio could not take your request'],
  ])('when the store answers %s (from %s), then the customer gets "%s"', async (status, previous, subject) => {
    const r = request();
    await svc.bus.publishDurably(changed(r.id, status, previous));
    expect((await one(r.email)).subject).toBe(subject);
  });

  it('when the store declines, then the email links to the booking page to choose another time', async () => {
    const r = request();
    await svc.bus.publishDurably(changed(r.id, 'CANCEL', 'MODIFYING'));
    expect((await one(r.email)).body).toContain('http://localhost:8080/booking/nail-studio');
  });

  it('when the store suggests a new time, then the customer is asked to answer it', async () => {
    const r = request({ suggested: true });
    await svc.bus.publishDurably(changed(r.id, 'MODIFYING', 'PENDING', { start: '03:00 pm' }));
    const mail = await one(r.email);
    expect(mail.subject).toBe('Nail Studio suggested a new time');
    expect(mail.body).toContain('on Monday, December 7, 2026 at 03:00 pm EST');
  });

  it("when the customer cancels or modifies their own request, or the store accepts a cancellation, then no email is sent", async () => {
    const own = request({ cancelledByCustomer: true });
    const moved = request({ suggested: false });
    const accepted = request();
    await svc.bus.publishDurably(changed(own.id, 'CANCEL', 'PENDING'));
    await svc.bus.publishDurably(changed(moved.id, 'MODIFYING', 'PENDING'));
    await svc.bus.publishDurably(changed(accepted.id, 'CANCEL', 'REQUEST CANCEL'));
    const last = request();
    await svc.bus.publishDurably(changed(last.id, 'PENDING', null));
    await one(last.email);
    await settled();
    for (const r of [own, moved, accepted]) expect(smtp.to(r.email)).toHaveLength(0);
  });

  it('when the same event arrives twice, then one email is sent', async () => {
    const r = request();
    const env: EventEnvelope = changed(r.id, 'APPROVED', 'PENDING');
    const publishRaw = () => jetstream(svc.bus.connection).publish(env.subject, JSON.stringify(env));
    await publishRaw();
    await publishRaw();
    await one(r.email);
    await settled();
    expect(smtp.to(r.email)).toHaveLength(1);
  });

  describe("the store's own email (issue 30: the store hears of requests outside the calendar)", () => {
    let shop = 700;
    /** A request at a store of its own with a business email; the customer's account is named Mia. */
    const storeRequest = (over: Partial<Notice> = {}) => {
      const storeEmail = `front${++shop}@salon.example`;
      return { ...request({ storeEmail, ...over }), storeEmail, storeId: shop };
    };
    const settledStore = () => waitUntilConsumed(svc.bus.connection, `messaging-email-store-request${svc.config.DURABLE_SUFFIX}`);

    it("when a request is made, then the store's business email is told who asked, for what and when, with a link to that day's calendar", async () => {
      const r = storeRequest();
      await svc.bus.publishDurably(changed(r.id, 'PENDING', null, { storeId: r.storeId }));
      const mail = await one(r.storeEmail);
      expect(mail.subject).toBe('New online request at Nail Studio');
      expect(mail.body).toContain('Mia asked online for Gel Manicure, Polish with Anna on Monday, December 7, 2026 at 10:00 am EST.');
      expect(mail.body).toContain('http://localhost:8080/calendar/nail-studio?date=2026-12-07');
      expect(mail.body).not.toContain(r.email);
      // the customer's own 'received' email goes as before
      expect((await one(r.email)).subject).toBe('Nail Studio received your request');
    });

    it('when the customer changes the request or asks to cancel an approved one, then the store is told; a time the store suggested is not news to it', async () => {
      const moved = storeRequest();
      await svc.bus.publishDurably(changed(moved.id, 'MODIFYING', 'PENDING', { storeId: moved.storeId }));
      expect((await one(moved.storeEmail)).subject).toBe('An online request at Nail Studio was changed');
      const cancelled = storeRequest();
      await svc.bus.publishDurably(changed(cancelled.id, 'REQUEST CANCEL', 'APPROVED', { storeId: cancelled.storeId }));
      expect((await one(cancelled.storeEmail)).subject).toBe('A customer asked to cancel at Nail Studio');
      const suggested = storeRequest({ suggested: true });
      await svc.bus.publishDurably(changed(suggested.id, 'MODIFYING', 'PENDING', { storeId: suggested.storeId }));
      await settledStore();
      expect(smtp.to(suggested.storeEmail)).toHaveLength(0);
    });

    it("when the store answers a request, or the owner turned the store's request emails off, then the store gets no email", async () => {
      const answered = storeRequest();
      await svc.bus.publishDurably(changed(answered.id, 'APPROVED', 'PENDING', { storeId: answered.storeId }));
      await svc.bus.publishDurably(changed(answered.id, 'CANCEL', 'PENDING', { storeId: answered.storeId }));
      const off = storeRequest();
      await svc.db.collection('sms_settings').insertOne({ _id: off.storeId, senderNumber: null, upNextText: true, reminderHour: null, requestEmails: false } as never);
      await svc.bus.publishDurably(changed(off.id, 'PENDING', null, { storeId: off.storeId }));
      await one(off.email); // the customer is still told
      await settledStore();
      expect(smtp.to(answered.storeEmail)).toHaveLength(0);
      expect(smtp.to(off.storeEmail)).toHaveLength(0);
    });
  });

  it('when the request is no longer an online request (gone, or a walk-in), then nothing is sent and later events still send', async () => {
    await svc.bus.publishDurably(changed(999_999, 'PENDING', null));
    const r = request();
    await svc.bus.publishDurably(changed(r.id, 'PENDING', null));
    expect((await one(r.email)).subject).toBeTruthy();
  });
});
