import { connect } from '@nats-io/transport-node';
import twilio from 'twilio';
import { eventually, startTestService } from '@turnbook/test-kit';
import { createMessagingService } from '../service';
import { textWorld, type TestService } from '../test/world';

const AUTH_TOKEN = 'test-twilio-auth-token-0123456789';
const WEBHOOK_URL = 'https://salon.example.com/api/webhooks/twilio';

/** Posts a form to the webhook signed as Twilio signs it (or with the signature given). */
function post(svc: TestService, form: Record<string, string>, signature: string | null = twilio.getExpectedTwilioSignature(AUTH_TOKEN, WEBHOOK_URL, form)) {
  const req = svc.http().post('/api/webhooks/twilio').type('form');
  return (signature === null ? req : req.set('X-Twilio-Signature', signature)).send(form);
}

describe('the Twilio webhook, opt-outs and the inbox', () => {
  let svc: TestService;
  let w: Awaited<ReturnType<typeof textWorld>>;
  let sid = 0;
  const inbound = (from: string, body: string, to = '+12155550199') => ({ MessageSid: `SM${Date.now()}${sid++}`, AccountSid: 'AC1', From: `+1${from}`, To: to, Body: body, NumMedia: '0' });

  beforeAll(async () => {
    svc = await startTestService(createMessagingService(), { env: { TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_WEBHOOK_URL: WEBHOOK_URL } });
    w = await textWorld(svc);
    // The store's own number: replies to it are the store's.
    const set = await w.as('owner').put(`/api/smsSettings/${w.storeId}`, { senderNumber: '(215) 555-0199' });
    if (set.body.settings?.senderNumber !== '+12155550199') throw new Error(`sender number not set: ${JSON.stringify(set.body)}`);
  }, 30_000);
  afterAll(async () => svc?.stop());

  it('when a request is unsigned or its signature is forged, then 403 and nothing is kept', async () => {
    const form = inbound('2155550301', 'Hello?');
    expect((await post(svc, form, null)).status).toBe(403);
    expect((await post(svc, form, 'bm90IGEgc2lnbmF0dXJl')).status).toBe(403);
    // Signed for other content: a changed body is a forgery.
    const signed = twilio.getExpectedTwilioSignature(AUTH_TOKEN, WEBHOOK_URL, form);
    expect((await post(svc, { ...form, Body: 'STOP' }, signed)).status).toBe(403);
    expect(await svc.db.collection('sms_inbound').countDocuments({})).toBe(0);
    expect(await svc.db.collection('sms_opt_outs').countDocuments({})).toBe(0);
  });

  it("when a customer replies, then the inbox shows it under the customer's name, grouped by customer and newest first, and the store's sms channel hears of it", async () => {
    const ann = await w.customer('2155550302', 'Ann Lee');
    await w.heard([], [ann]);
    const nc = await connect({ servers: svc.config.NATS_URL });
    const seen = new Map<string, unknown>();
    const sub = nc.subscribe(`evt.sms.${w.storeId}.received`, { callback: (_e, m) => void seen.set(JSON.parse(m.string()).id, JSON.parse(m.string()).data) });
    const heard = () => [...seen.values()];
    try {
      const first = inbound('2155550302', 'Can I come at 3?');
      expect((await post(svc, first)).status).toBe(204);
      // Twilio sends a webhook again when unsure: it is kept once.
      expect((await post(svc, first)).status).toBe(204);
      expect((await post(svc, inbound('2155550303', 'Who is this?'))).status).toBe(204);
      expect((await post(svc, inbound('2155550302', 'Or at 4'))).status).toBe(204);
      const res = await w.as('admin').get(`/api/getAllMessagesByStorePhoneNumber?storeId=${w.storeId}`);
      expect(res.status).toBe(200);
      expect(res.body.response.originator).toBe('12155550199');
      expect(res.body.response.items.map((i: { body: string; customer: string | null; originator: string }) => [i.customer, i.originator, i.body])).toEqual([
        ['Ann Lee', '12155550302', 'Or at 4'],
        ['Ann Lee', '12155550302', 'Can I come at 3?'],
        [null, '12155550303', 'Who is this?'],
      ]);
      expect(res.body.customers).toEqual([{ id: ann, fname: 'Ann', lname: 'Lee', phone: '2155550302' }]);
      await eventually(async () => expect(heard()).toHaveLength(3));
      expect(heard()).toContainEqual({ id: first.MessageSid, storeId: w.storeId });
    } finally {
      sub.unsubscribe();
      await nc.close();
    }
  });

  it('when a customer replies STOP, then no text reaches them until they reply START', async () => {
    const c = await w.customer('2155550304');
    await w.heard([], [c]);
    const body = { storeId: w.storeId, recipient: '2155550304', body: 'We have an opening today' };
    expect((await post(svc, inbound('2155550304', ' stop '))).status).toBe(204);
    const refused = await w.as('owner').post('/api/sendSMS', body);
    expect([refused.status, refused.body.code]).toEqual([409, 'optedOut']);
    expect((await post(svc, inbound('2155550304', 'START'))).status).toBe(204);
    expect((await w.as('owner').post('/api/sendSMS', body)).status).toBe(201);
    await eventually(async () => expect(await w.texts('2155550304')).toHaveLength(1));
  });

  it('when Twilio reports a delivery, then the text moves forward to delivered and never back', async () => {
    const c = await w.customer('2155550305');
    await w.heard([], [c]);
    const sent = await w.as('owner').post('/api/sendSMS', { storeId: w.storeId, recipient: '2155550305', body: 'See you' });
    const id = sent.body.message.id;
    const providerId = await eventually(async () => {
      const m = await svc.db.collection('sms_messages').findOne({ _id: id } as never);
      if (m?.status !== 'sent') throw new Error('not sent yet');
      return m.providerId as string;
    });
    expect((await post(svc, { MessageSid: providerId, MessageStatus: 'delivered', AccountSid: 'AC1' })).status).toBe(204);
    expect((await post(svc, { MessageSid: providerId, MessageStatus: 'sent', AccountSid: 'AC1' })).status).toBe(204);
    expect((await svc.db.collection('sms_messages').findOne({ _id: id } as never))?.status).toBe('delivered');
  });

  it('when a limited member, staff or the front desk asks for the inbox or the settings, then 403; another store\'s owner gets 404', async () => {
    for (const role of ['limited', 'staff', 'store']) {
      expect((await w.as(role).get(`/api/getAllMessagesByStorePhoneNumber?storeId=${w.storeId}`)).status).toBe(403);
    }
    expect((await w.as('other').get(`/api/getAllMessagesByStorePhoneNumber?storeId=${w.storeId}`)).status).toBe(403);
    expect((await w.as('admin').put(`/api/smsSettings/${w.storeId}`, { upNextText: false })).status).toBe(403);
    const bad = await w.as('owner').put(`/api/smsSettings/${w.storeId}`, { reminderHour: 25 });
    expect([bad.status, bad.body.field]).toEqual([400, 'reminderHour']);
  });
});
