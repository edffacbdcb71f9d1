import { captureEvents, count, linkParts, PASSWORD, seedUser, startIdentity, type Identity } from '../testing/harness';

describe('forgotten password', () => {
  let svc: Identity;
  let events: Awaited<ReturnType<typeof captureEvents>>;

  beforeAll(async () => {
    svc = await startIdentity({ PUBLIC_URL: 'https://turnbook.test' });
    events = await captureEvents(svc, 'evt.user.>');
  }, 30_000);
  afterAll(async () => {
    events?.stop();
    await svc?.stop();
  });

  async function requestReset(email: string) {
    const res = await svc.http().post('/api/forgotPassword').send({ email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const evt = await events.next('user.password_reset_requested', (d) => d.email === email.toLowerCase() && !seen.has(d.resetUrl));
    seen.add(evt.data.resetUrl);
    return { evt, link: linkParts(evt.data.resetUrl) };
  }
  const seen = new Set<string>();
  const signIn = (email: string, password: string) => svc.http().post('/api/login').send({ email, password });

  it('when a known email asks, then a one-hour reset link goes out by event', async () => {
    const user = await seedUser(svc);
    const { evt, link } = await requestReset(user.email.toUpperCase());
    expect(evt.subject).toBe('evt.user.global.password_reset_requested');
    expect(evt.data).toMatchObject({ userId: user.id, fname: 'bo' });
    expect(evt.data.resetUrl).toMatch(new RegExp(`^https://turnbook\\.test/reset-password\\?a=${user.id}&b=[A-Za-z0-9_-]{43}$`));
    const stored = await svc.db.collection('one_time_links').findOne({ userId: user.id, purpose: 'reset' });
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(3600_000);
    expect(stored!._id).not.toBe(link.hash);
  });

  it('when an unknown email asks, then the answer is the same and nothing is sent or stored', async () => {
    const before = await count(svc, 'one_time_links');
    const res = await svc.http().post('/api/forgotPassword').send({ email: 'nobody@example.com' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(events.events.some((e) => e.data.email === 'nobody@example.com')).toBe(false);
    expect(await count(svc, 'one_time_links')).toBe(before);
  });

  it('when the link is checked and used, then the new password works, the old one not, and the link is spent', async () => {
    const user = await seedUser(svc);
    const { link } = await requestReset(user.email);

    const valid = await svc.http().post('/api/resetPasswordValidation').send(link);
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ valid: true });

    const res = await svc.http().post('/api/resetPassword').send({ ...link, password: 'brand new secret' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await signIn(user.email, 'brand new secret')).status).toBe(200);
    expect((await signIn(user.email, PASSWORD)).status).toBe(401);

    expect((await svc.http().post('/api/resetPasswordValidation').send(link)).status).toBe(400);
    const again = await svc.http().post('/api/resetPassword').send({ ...link, password: 'third one' });
    expect(again.status).toBe(400);
    expect(again.body.field).toBe('hash');
    expect((await signIn(user.email, 'brand new secret')).status).toBe(200);
  });

  it('when one of several reset links is used, then the others stop working too', async () => {
    const user = await seedUser(svc);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await svc.http().post('/api/resetPassword').send({ ...second.link, password: 'from second' })).status).toBe(200);
    expect((await svc.http().post('/api/resetPasswordValidation').send(first.link)).status).toBe(400);
    expect((await svc.http().post('/api/resetPassword').send({ ...first.link, password: 'from first' })).status).toBe(400);
  });

  it('when the reset link is older than an hour, then it is refused and the password unchanged', async () => {
    const user = await seedUser(svc);
    const { link } = await requestReset(user.email);
    await svc.db.collection('one_time_links').updateMany({ userId: user.id }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    expect((await svc.http().post('/api/resetPasswordValidation').send(link)).status).toBe(400);
    expect((await svc.http().post('/api/resetPassword').send({ ...link, password: 'too late' })).status).toBe(400);
    expect((await signIn(user.email, PASSWORD)).status).toBe(200);
  });

  it("when the link belongs to someone else's id, then 400", async () => {
    const a = await seedUser(svc);
    const b = await seedUser(svc);
    const { link } = await requestReset(a.email);
    expect((await svc.http().post('/api/resetPassword').send({ id: b.id, hash: link.hash, password: 'hijack' })).status).toBe(400);
    expect((await signIn(b.email, PASSWORD)).status).toBe(200);
  });

  it('when an unverified user resets their password from the emailed link, then they can sign in', async () => {
    const email = `unverified.${Date.now()}@example.com`;
    await svc.http().post('/api/register').send({
      email, password: 'x', password_confirmation: 'x', fname: 'a', lname: 'b', phone: '2155550100', role: 'customer', term: 'agreed',
    });
    const { link } = await requestReset(email);
    await svc.http().post('/api/resetPassword').send({ ...link, password: 'proved it' });
    expect((await signIn(email, 'proved it')).status).toBe(200);
  });
});
