import { MESSAGES } from '@turnbook/contracts';
import { count, internal, seedUser, uniqueEmail, useIdentity } from '../test/world';

describe('staff accounts made by the owner (add staff without an account)', () => {
  const t = useIdentity();

  const create = (body: Record<string, unknown>) => internal(t.svc, 'post', '/staff-accounts').send(body);
  const staffBody = (overrides: Record<string, unknown> = {}) => ({ email: uniqueEmail('Staff'), password: 'staff pw 2026', fname: 'Nia', lname: 'Ray', ...overrides });

  it('when scheduling creates a staff account, then 201 {userId} and the staff member signs in at once with that password', async () => {
    const body = staffBody({ phone: '(215) 555-0142' });
    const res = await create(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ userId: expect.any(Number) });

    const signIn = await t.svc.http().post('/api/login').send({ email: body.email, password: 'staff pw 2026' });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ id: res.body.userId, email: body.email.toLowerCase(), fname: 'nia', lname: 'ray', phone: '2155550142', role: 'professional' });

    // Other services learn the new user; no activation mail is asked for.
    await t.events.next('user.updated', (d) => d.userId === res.body.userId);
    expect(t.events.events.some((e) => e.type === 'user.registered' && e.data.userId === res.body.userId)).toBe(false);
  });

  it('when no phone is given, then the account is made with an empty phone', async () => {
    const body = staffBody();
    const res = await create(body);
    expect(res.status).toBe(201);
    const stored = await t.svc.db.collection('users').findOne({ _id: res.body.userId } as never);
    expect(stored).toMatchObject({ phone: '', verified: true, role: 'professional' });
  });

  it('when the email has an account already (in any case), then 409 hasAccount and no second user', async () => {
    const existing = await seedUser(t.svc);
    const before = await count(t.svc, 'users');
    const res = await create(staffBody({ email: existing.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ code: 'hasAccount', message: MESSAGES.hasAccount, field: 'email' });
    expect(await count(t.svc, 'users')).toBe(before);
  });

  it('when two creations of one email race, then exactly one is made and the other is hasAccount', async () => {
    const body = staffBody();
    const results = await Promise.all([create(body), create(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.status === 409)!.body.code).toBe('hasAccount');
    expect(await count(t.svc, 'users', { email: body.email.toLowerCase() })).toBe(1);
  });

  it('when no last name is given (the add-staff wizard asks a first name only), then the account is made with an empty last name', async () => {
    const body = staffBody({ lname: undefined });
    const res = await create(body);
    expect(res.status).toBe(201);
    const signIn = await t.svc.http().post('/api/login').send({ email: body.email, password: body.password }).expect(200);
    expect(signIn.body.user).toMatchObject({ id: res.body.userId, fname: 'nia', lname: '' });
  });

  it('when the body is bad, then 400 naming the field and nothing is written', async () => {
    const before = await count(t.svc, 'users');
    const cases: Array<[Record<string, unknown>, string]> = [
      [staffBody({ email: 'nope' }), 'email'],
      [staffBody({ email: { $gt: '' } }), 'email'],
      [staffBody({ password: '' }), 'password'],
      [staffBody({ fname: ' ' }), 'fname'],
      [staffBody({ lname: 'x'.repeat(101) }), 'lname'],
      [staffBody({ phone: '12' }), 'phone'],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expect([field, res.status, res.body.field]).toEqual([field, 400, field]);
    }
    expect(await count(t.svc, 'users')).toBe(before);
  });

  it('when the internal token is missing, then 401 and nothing is written', async () => {
    const before = await count(t.svc, 'users');
    expect((await t.svc.http().post('/internal/staff-accounts').send(staffBody())).status).toBe(401);
    expect(await count(t.svc, 'users')).toBe(before);
  });
});
