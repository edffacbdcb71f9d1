import { INTERNAL_TOKEN_HEADER } from '@turnbook/contracts';
import { startTestService } from '@turnbook/test-kit';
import { createMessagingService } from '../service';
import type { SmsProvider } from './provider';

/** Texts sent by internal call, through the recording transport (no Twilio configured) or a failing provider. */
describe('texts through the SMS provider', () => {
  let svc: Awaited<ReturnType<typeof startTestService>>;

  beforeAll(async () => {
    svc = await startTestService(createMessagingService());
  }, 30_000);
  afterAll(async () => svc?.stop());

  const send = (s: typeof svc, body: object, token = s.config.INTERNAL_TOKEN) =>
    s.http().post('/internal/texts').set(INTERNAL_TOKEN_HEADER, token).send(body);

  it('when identity sends a text and Twilio is not configured, then the recording transport keeps it and the dev page of sent texts shows it', async () => {
    const res = await send(svc, { to: '(215) 555-0142', body: 'Your Turnbook code is 123456', purpose: 'phone_verification' });
    expect(res.status).toBe(201);
    const json = await svc.http().get('/dev/texts?format=json&to=2155550142');
    expect(json.status).toBe(200);
    expect(json.body.texts[0]).toMatchObject({ id: res.body.id, to: '2155550142', body: 'Your Turnbook code is 123456', purpose: 'phone_verification' });
    const page = await svc.http().get('/dev/texts');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('to (215) 555-0142');
    expect(page.text).toContain('Your Turnbook code is 123456');
  });

  it('when the internal token is missing or the phone is not 10 digits, then nothing is sent', async () => {
    expect((await send(svc, { to: '2155550143', body: 'x', purpose: 'phone_verification' }, 'wrong-token-0123456789')).status).toBe(401);
    const bad = await send(svc, { to: '555', body: 'x', purpose: 'phone_verification' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('to');
    expect(await svc.db.collection('sent_texts').countDocuments({ to: { $in: ['2155550143', '555'] } })).toBe(0);
  });

  it('when the provider fails, then the caller gets 503 and no text is recorded as sent', async () => {
    const failing: SmsProvider = { name: 'twilio', send: async () => Promise.reject(new Error('Twilio is down')) };
    const down = await startTestService(createMessagingService({ sms: failing }));
    try {
      const res = await send(down, { to: '2155550144', body: 'Your code', purpose: 'phone_verification' });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('unavailable');
      expect(await down.db.collection('sent_texts').countDocuments({})).toBe(0);
      // Texts that really leave are never shown on a dev page.
      expect((await down.http().get('/dev/texts')).status).toBe(404);
    } finally {
      await down.stop();
    }
  });

  it('when Twilio sends a text, then its body (a code) is not kept in the database', async () => {
    const twilio: SmsProvider = { name: 'twilio', send: async () => ({ providerId: 'SM0123' }) };
    const live = await startTestService(createMessagingService({ sms: twilio }));
    try {
      expect((await send(live, { to: '2155550145', body: 'Your code is 654321', purpose: 'phone_verification' })).status).toBe(201);
      expect(await live.db.collection('sent_texts').findOne({ to: '2155550145' })).toMatchObject({ body: null, providerId: 'SM0123', transport: 'twilio' });
    } finally {
      await live.stop();
    }
  });
});
