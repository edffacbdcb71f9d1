import { linkParts, mailLink, registerBody, seedUser, useIdentity } from '../test/world';

describe("the 'Not Verified' message's resend link", () => {
  const t = useIdentity({ RESEND_VERIFICATION_MAX_PER_IP: '4', RESEND_VERIFICATION_MAX_PER_EMAIL: '2' });
  let ipCounter = 0;
  const fromNewIp = () => `198.51.100.${++ipCounter}`;
  const resend = (email: string, ip = fromNewIp()) => t.svc.http().post('/api/resendVerification').set('X-Forwarded-For', ip).send({ email });
  const resent = (userId: number) => new Set(t.events.events.filter((e) => e.type === 'user.verification_resent' && e.data.userId === userId).map((e) => e.id));

  it('when an unverified account asks again, then a new activation link goes out and it activates the account', async () => {
    const body = registerBody();
    const user = (await t.svc.http().post('/api/register').send(body).expect(201)).body.user;
    expect((await resend(body.email.toUpperCase())).body).toEqual({ success: true });
    const evt = await t.events.next('user.verification_resent', (d) => d.userId === user.id);
    expect(evt.data).toMatchObject({ email: body.email.trim().toLowerCase(), fname: user.fname });
    const { id, hash } = linkParts(await mailLink(t.svc, evt.data.mailId));
    expect((await t.svc.http().post('/api/verify').send({ id, hash })).status).toBe(200);
    expect((await t.svc.http().post('/api/login').send({ email: body.email, password: body.password })).status).toBe(200);
  });

  it('when the email is unknown or the account is active already, then the answer is the same and no mail is asked for', async () => {
    const active = await seedUser(t.svc);
    const unknown = await resend(`nobody.${Date.now()}@example.com`);
    const known = await resend(active.email);
    expect([unknown.status, unknown.body]).toEqual([known.status, known.body]);
    await new Promise((r) => setTimeout(r, 300));
    expect(resent(active.id).size).toBe(0);
  });

  it('when one email asks too often, then the third request is 429 rateLimited with the wait and no third mail is asked for', async () => {
    const body = registerBody();
    const user = (await t.svc.http().post('/api/register').send(body).expect(201)).body.user;
    expect((await resend(body.email)).status).toBe(200);
    expect((await resend(body.email)).status).toBe(200);
    const res = await resend(body.email);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'rateLimited', retryAfter: expect.any(Number) });
    await new Promise((r) => setTimeout(r, 300));
    expect(resent(user.id).size).toBe(2);
  });

  it('when one address asks for many emails, then it is refused over its limit', async () => {
    const ip = fromNewIp();
    for (let i = 0; i < 4; i++) expect((await resend(`spray${i}.${Date.now()}@example.com`, ip)).status).toBe(200);
    expect((await resend('another@example.com', ip)).status).toBe(429);
  });
});
