import jwt from 'jsonwebtoken';
import { MESSAGES } from '@turnbook/contracts';
import { captureEvents, linkParts, mailLink, login, PASSWORD, registerBody, signedInUser, startIdentity, type Identity } from '../test/world';
import { startMessagingStub } from '../test/messaging-stub';

const INTERNAL_TOKEN = 'test-internal-token-0123456789';
const claimsOf = (token: string) => jwt.decode(token) as Record<string, unknown>;

describe('phone verification', () => {
  let svc: Identity;
  let sms: Awaited<ReturnType<typeof startMessagingStub>>;
  let events: Awaited<ReturnType<typeof captureEvents>>;

  beforeAll(async () => {
    sms = await startMessagingStub(INTERNAL_TOKEN);
    svc = await startIdentity({ MESSAGING_URL: sms.url, INTERNAL_TOKEN });
    events = await captureEvents(svc, 'evt.>');
  }, 30_000);
  afterAll(async () => {
    events?.stop();
    await svc?.stop();
    await sms?.stop();
  });

  let phoneSeq = 0;
  /** A distinct phone per test: the per-phone limit is shared by the whole file. */
  const newPhone = () => `267555${String(1000 + phoneSeq++ * 7 + Math.floor(Math.random() * 7)).slice(-4)}`;

  /** A customer who registered (and activated their email) with a phone: the phone is not verified. */
  async function registeredCustomer(phone = newPhone()) {
    const body = registerBody({ role: 'customer', phone });
    const res = await svc.http().post('/api/register').send(body);
    expect(res.status).toBe(201);
    const evt = await events.next('user.registered', (d) => d.email === body.email);
    expect((await svc.http().post('/api/verify').send(linkParts(await mailLink(svc, evt.data.mailId)))).status).toBe(200);
    const token = await login(svc, body.email);
    return { id: res.body.user.id as number, email: body.email, phone, token, auth: `Bearer ${token}` };
  }

  const askCode = (u: { id: number; auth: string }) => svc.http().post(`/api/user/${u.id}/phone-code`).set('Authorization', u.auth);
  const confirm = (u: { id: number; auth: string }, code: string) =>
    svc.http().post(`/api/user/${u.id}/phone-verification`).set('Authorization', u.auth).send({ code });

  it("when someone registers with a phone number (maybe someone else's), then their token carries no phone until it is verified", async () => {
    const u = await registeredCustomer();
    expect(claimsOf(u.token).phone).toBeUndefined();
    const me = await svc.http().get(`/api/user/${u.id}`).set('Authorization', u.auth);
    expect(me.body.user).toMatchObject({ phone: u.phone, phoneVerified: false });
  });

  it('when the customer confirms the texted code, then the phone is verified and a new token carries it', async () => {
    const u = await registeredCustomer();
    const asked = await askCode(u);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ sent: true, expiresInSeconds: 600 });
    expect(sms.texts.at(-1)).toMatchObject({ to: u.phone, purpose: 'phone_verification' });

    const res = await confirm(u, sms.lastCode(u.phone));
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: u.id, phone: u.phone, phoneVerified: true });
    expect(claimsOf(res.body.access_token)).toMatchObject({ sub: String(u.id), phone: u.phone, phone_verified: true });
    // A new sign-in carries it too.
    expect(claimsOf(await login(svc, u.email))).toMatchObject({ phone: u.phone, phone_verified: true });
    // The code cannot be used twice.
    expect((await confirm(u, sms.lastCode(u.phone))).body.code).toBe('phoneCodeExpired');
  });

  it("when the phone is verified, then the new token stays in the caller's session: the realtime relay's customer channel opens with it, and logging out refuses it", async () => {
    const u = await registeredCustomer();
    const signIn = await svc.http().post('/api/login').send({ email: u.email, password: PASSWORD });
    const before = signIn.body.access_token as string;
    const cookie = String(signIn.headers['set-cookie']).split(';')[0];
    await askCode({ id: u.id, auth: `Bearer ${before}` });
    const res = await confirm({ id: u.id, auth: `Bearer ${before}` }, sms.lastCode(u.phone));
    expect(res.status).toBe(200);
    const after = res.body.access_token as string;
    // the claims the relay reads for customer:<phone>:online-request, in the same session as before
    expect(claimsOf(after)).toMatchObject({ phone: u.phone, phone_verified: true, sid: claimsOf(before).sid });
    expect((await svc.http().get(`/api/user/${u.id}`).set('Authorization', `Bearer ${after}`)).status).toBe(200);
    expect((await svc.http().post('/api/auth/logout').set('Cookie', cookie)).status).toBe(200);
    expect((await svc.http().get(`/api/user/${u.id}`).set('Authorization', `Bearer ${after}`)).status).toBe(401);
  });

  it('when the phone is verified, then no event ever carried the texted code', async () => {
    const u = await registeredCustomer();
    await askCode(u);
    const code = sms.lastCode(u.phone);
    expect((await confirm(u, code)).status).toBe(200);
    await events.next('user.updated', (d) => d.userId === u.id);
    expect(JSON.stringify(events.events)).not.toContain(code);
  });

  it('when a verified customer changes their phone with PATCH user, then the new number is unverified and leaves the token', async () => {
    const u = await registeredCustomer();
    await askCode(u);
    const verified = await confirm(u, sms.lastCode(u.phone));
    const auth = `Bearer ${verified.body.access_token}`;
    const other = newPhone();
    const res = await svc.http().patch(`/api/user/${u.id}`).set('Authorization', auth).send({ phone: other });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ phone: other, phoneVerified: false });
    expect(claimsOf(await login(svc, u.email)).phone).toBeUndefined();
    // Putting the old number back does not bring its verification back either.
    const back = await svc.http().patch(`/api/user/${u.id}`).set('Authorization', auth).send({ phone: u.phone });
    expect(back.body.user).toMatchObject({ phone: u.phone, phoneVerified: false });
    // Saving the form with the same number keeps a verified phone verified.
    await askCode({ id: u.id, auth });
    await confirm({ id: u.id, auth }, sms.lastCode(u.phone));
    const same = await svc.http().patch(`/api/user/${u.id}`).set('Authorization', auth).send({ phone: u.phone, fname: 'ann' });
    expect(same.body.user).toMatchObject({ phone: u.phone, phoneVerified: true });
  });

  it('when a code was sent to the old number and the phone changed since, then that code verifies nothing', async () => {
    const u = await registeredCustomer();
    await askCode(u);
    const code = sms.lastCode(u.phone);
    await svc.http().patch(`/api/user/${u.id}`).set('Authorization', u.auth).send({ phone: newPhone() });
    const res = await confirm(u, code);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'phoneCodeExpired', message: MESSAGES.phoneCodeExpired, field: 'code' });
  });

  it('when a wrong code is typed 5 times, then even the right code no longer works', async () => {
    const u = await registeredCustomer();
    await askCode(u);
    const code = sms.lastCode(u.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await confirm(u, wrong);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'phoneCodeWrong', message: MESSAGES.phoneCodeWrong });
    }
    expect((await confirm(u, code)).body.code).toBe('phoneCodeExpired');
  });

  it('when 30 wrong codes are sent at once, then only 5 are checked and the right code no longer works', async () => {
    const u = await registeredCustomer();
    await askCode(u);
    const code = sms.lastCode(u.phone);
    const guesses = Array.from({ length: 30 }, (_x, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => confirm(u, g)));
    expect(answers.map((r) => r.status).every((s) => s === 400)).toBe(true);
    expect(answers.filter((r) => r.body.code === 'phoneCodeWrong')).toHaveLength(5);
    expect((await confirm(u, code)).body.code).toBe('phoneCodeExpired');
  });

  it('when the code is older than 10 minutes, then it is refused', async () => {
    const u = await registeredCustomer();
    await askCode(u);
    await svc.db.collection('phone_codes').updateOne({ _id: u.id as never }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await confirm(u, sms.lastCode(u.phone))).body.code).toBe('phoneCodeExpired');
  });

  it('when codes are asked for over and over, then the 6th within the hour is refused, per account and per phone number', async () => {
    const u = await registeredCustomer();
    for (let i = 0; i < 5; i++) expect((await askCode(u)).status).toBe(200);
    const sixth = await askCode(u);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'rateLimited', message: MESSAGES.phoneCodeTooSoon });

    // Another account with the same number cannot text it further.
    const sameNumber = await registeredCustomer(u.phone);
    expect((await askCode(sameNumber)).status).toBe(429);
    expect(sms.texts.filter((t) => t.to === u.phone)).toHaveLength(5);
  });

  it("when someone asks for a code for another user's phone, then it is refused and nothing is texted", async () => {
    const victim = await registeredCustomer();
    const attacker = await signedInUser(svc, { role: 'customer' });
    const before = sms.texts.length;
    expect((await svc.http().post(`/api/user/${victim.id}/phone-code`).set('Authorization', attacker.auth)).status).toBe(403);
    expect((await svc.http().post(`/api/user/${victim.id}/phone-verification`).set('Authorization', attacker.auth).send({ code: '123456' })).status).toBe(403);
    expect(sms.texts.length).toBe(before);
  });

  it('when the account has no phone or the code is not 6 digits, then 400 names the field', async () => {
    const u = await signedInUser(svc, { role: 'customer' });
    await svc.db.collection('users').updateOne({ _id: u.user.id as never }, { $set: { phone: '' } });
    const none = await svc.http().post(`/api/user/${u.user.id}/phone-code`).set('Authorization', u.auth);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'noPhone', field: 'phone' });
    const bad = await svc.http().post(`/api/user/${u.user.id}/phone-verification`).set('Authorization', u.auth).send({ code: '12ab' });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('code');
  });

  it('when messaging cannot send the text, then the customer is told to try again (503)', async () => {
    const u = await registeredCustomer();
    sms.setDown(true);
    try {
      const res = await askCode(u);
      expect(res.status).toBe(503);
      expect(res.body.code).toBe('unavailable');
    } finally {
      sms.setDown(false);
    }
  });
});
