import { MESSAGES } from '@turnbook/contracts';
import { count, linkParts, mailLink, PASSWORD, registerBody, useIdentity } from '../test/world';

describe('registration and account activation', () => {
  const t = useIdentity({ PUBLIC_URL: 'https://turnbook.test' });

  async function registerAndGetLink(overrides: Record<string, unknown> = {}) {
    const body = registerBody(overrides);
    const res = await t.svc.http().post('/api/register').send(body);
    expect(res.status).toBe(201);
    const evt = await t.events.next('user.registered', (d) => d.email === body.email);
    return { body, user: res.body.user, link: linkParts(await mailLink(t.svc, evt.data.mailId)) };
  }

  it('when someone registers, then an unverified user is created with lowercased fields and a verification link event', async () => {
    const body = registerBody({ email: '  Ann.Lee.MIXED@Example.com ', fname: 'ANN', lname: 'LEE', color: '#ABCDEF' });
    const res = await t.svc.http().post('/api/register').send(body);

    expect(res.status).toBe(201);
    expect(res.body.user).toEqual({
      id: expect.any(Number),
      fname: 'ann',
      lname: 'lee',
      email: 'ann.lee.mixed@example.com',
      phone: '2155550100',
      // Registering keeps the phone unverified: it scopes nothing until a texted code confirms it.
      phoneVerified: false,
      role: 'professional',
      profile_image: null,
      app_version: '1.0.0',
      color: '#abcdef',
    });
    expect(res.body.user).not.toHaveProperty('passwordHash');

    const stored = await t.svc.db.collection('users').findOne({ _id: res.body.user.id } as never);
    expect(stored).toMatchObject({ verified: false, email: 'ann.lee.mixed@example.com' });
    expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);

    const evt = await t.events.next('user.registered', (d) => d.email === 'ann.lee.mixed@example.com');
    expect(evt.subject).toBe('evt.user.global.registered');
    expect(evt.data).toMatchObject({ userId: res.body.user.id, fname: 'ann' });
    expect(await mailLink(t.svc, evt.data.mailId)).toMatch(new RegExp(`^https://turnbook\\.test/activate\\?a=${res.body.user.id}&b=[A-Za-z0-9_-]{43}$`));

    // Only the digest of the secret is stored.
    const { hash } = linkParts(await mailLink(t.svc, evt.data.mailId));
    const links = await t.svc.db.collection('one_time_links').find({ userId: res.body.user.id }).toArray();
    expect(links).toHaveLength(1);
    expect(links[0]._id).not.toBe(hash);
    expect(links[0]._id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('when no colour is sent, then the default teal is stored', async () => {
    const res = await t.svc.http().post('/api/register').send(registerBody({ color: undefined }));
    expect(res.status).toBe(201);
    expect(res.body.user.color).toBe('#00bcd4');
  });

  it('when the email is registered already (in any case), then 409 with the spec message and no second user', async () => {
    const { body } = await registerAndGetLink();
    const before = await count(t.svc, 'users');
    const res = await t.svc.http().post('/api/register').send(registerBody({ email: body.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: MESSAGES.emailExists, field: 'email' });
    expect(await count(t.svc, 'users')).toBe(before);
  });

  it('when two registrations of one email race, then exactly one succeeds', async () => {
    const body = registerBody();
    const results = await Promise.all([1, 2, 3].map(() => t.svc.http().post('/api/register').send(body)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(await count(t.svc, 'users', { email: body.email })).toBe(1);
  });

  it('when an unverified user signs in, then 403 Not Verified; after opening the link, sign-in works', async () => {
    const { body, link } = await registerAndGetLink();
    const before = await t.svc.http().post('/api/login').send({ email: body.email, password: PASSWORD });
    expect(before.status).toBe(403);
    expect(before.body.message).toBe(MESSAGES.notVerified);

    const res = await t.svc.http().post('/api/verify').send(link);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const after = await t.svc.http().post('/api/login').send({ email: body.email, password: PASSWORD });
    expect(after.status).toBe(200);
  });

  it('when the activation link is opened again for an active account, then it answers success with code alreadyVerified', async () => {
    const { body, link } = await registerAndGetLink();
    expect((await t.svc.http().post('/api/verify').send(link)).body).toEqual({ success: true });
    const again = await t.svc.http().post('/api/verify').send(link);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ success: true, code: 'alreadyVerified', message: MESSAGES.alreadyVerified });
    expect((await t.svc.http().post('/api/login').send({ email: body.email, password: PASSWORD })).status).toBe(200);
  });

  it('when the same link is opened three times at once, then exactly one activates and the others say the account is active', async () => {
    const { link } = await registerAndGetLink();
    const results = await Promise.all([1, 2, 3].map(() => t.svc.http().post('/api/verify').send(link)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.body.code === undefined)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'alreadyVerified')).toHaveLength(2);
  });

  it("when an active account's link is opened with a wrong secret, then 400 (nothing said about the account)", async () => {
    const { link } = await registerAndGetLink();
    await t.svc.http().post('/api/verify').send(link);
    const res = await t.svc.http().post('/api/verify').send({ id: link.id, hash: link.hash.slice(1) + 'x' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation');
  });

  it('when the activation link has expired, then 400 and the user stays unverified', async () => {
    const { user, link } = await registerAndGetLink();
    await t.svc.db.collection('one_time_links').updateMany({ userId: user.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await t.svc.http().post('/api/verify').send(link);
    expect(res.status).toBe(400);
    expect((await t.svc.db.collection('users').findOne({ _id: user.id } as never))!.verified).toBe(false);
  });

  it('when the link is about to expire (7 days), then it still works', async () => {
    const { user, link } = await registerAndGetLink();
    const stored = await t.svc.db.collection('one_time_links').findOne({ userId: user.id });
    const ttlDays = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 86400_000;
    expect(ttlDays).toBe(7);
    expect((await t.svc.http().post('/api/verify').send(link)).status).toBe(200);
  });

  it("when the link's id or hash is wrong, then 400", async () => {
    const { link } = await registerAndGetLink();
    expect((await t.svc.http().post('/api/verify').send({ id: link.id + 1000, hash: link.hash })).status).toBe(400);
    expect((await t.svc.http().post('/api/verify').send({ id: link.id, hash: link.hash.slice(1) + 'x' })).status).toBe(400);
  });

  it('when a reset link is used as an activation link, then 400', async () => {
    const { body, link } = await registerAndGetLink();
    await t.svc.http().post('/api/verify').send(link);
    await t.svc.http().post('/api/forgotPassword').send({ email: body.email });
    const reset = await t.events.next('user.password_reset_requested', (d) => d.email === body.email);
    expect((await t.svc.http().post('/api/verify').send(linkParts(await mailLink(t.svc, reset.data.mailId)))).status).toBe(400);
  });
});
