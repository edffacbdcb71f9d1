import { count, internal, login, PASSWORD, uniqueEmail, useIdentity } from '../test/world';

describe('internal user calls', () => {
  const t = useIdentity();

  const demo = () => [
    { email: uniqueEmail('Admin'), password: 'admin pw', fname: 'Super', lname: 'Admin', phone: '2155550001', role: 'super admin' },
    { email: uniqueEmail('owner'), password: 'owner pw', fname: 'Olivia', lname: 'Owner', phone: '(215) 555-0002', role: 'professional', color: '#FF0000' },
  ];

  it('when the demo seed runs twice, then the users exist once, verified, and the second run changes nothing', async () => {
    const users = demo();
    const first = await internal(t.svc, 'post', '/seed/users').send({ users });
    expect(first.status).toBe(200);
    expect(first.body.users).toEqual([
      expect.objectContaining({ email: users[0].email.toLowerCase(), fname: 'super', role: 'super admin', color: '#00bcd4' }),
      expect.objectContaining({ email: users[1].email, fname: 'olivia', phone: '2155550002', color: '#ff0000' }),
    ]);
    const again = await internal(t.svc, 'post', '/seed/users').send({ users: users.map((u) => ({ ...u, password: 'other', fname: 'Changed' })) });
    expect(again.body.users).toEqual(first.body.users);
    expect(await count(t.svc, 'users')).toBe(2);

    const token = await login(t.svc, users[0].email, 'admin pw');
    expect((await t.svc.http().get('/api/getAllUsers').set('Authorization', `Bearer ${token}`)).status).toBe(200);
    await t.events.next('user.updated', (d) => d.email === users[1].email);
  });

  it('when users are asked for by ids or by email, then they come back public, unknown ones left out / null', async () => {
    const { body } = await internal(t.svc, 'post', '/seed/users').send({ users: demo() });
    const [a, b] = body.users;
    const byIds = await internal(t.svc, 'post', '/users/by-ids').send({ ids: [b.id, a.id, 99999] });
    expect(byIds.status).toBe(200);
    expect(byIds.body.users.map((u: { id: number }) => u.id)).toEqual([a.id, b.id]);
    expect(byIds.body.users.every((u: object) => !('passwordHash' in u))).toBe(true);
    expect(byIds.body.users.map((u: { verified: boolean; createdAt: string }) => [u.verified, Number.isNaN(Date.parse(u.createdAt))])).toEqual([
      [true, false],
      [true, false],
    ]);

    const byEmail = await internal(t.svc, 'post', '/users/by-email').send({ email: b.email.toUpperCase() });
    expect(byEmail.body).toEqual({ user: b });
    expect((await internal(t.svc, 'post', '/users/by-email').send({ email: 'nobody@example.com' })).body).toEqual({ user: null });
  });

  it('when an internal body is bad, then 400 naming the field and nothing is written', async () => {
    const before = await count(t.svc, 'users');
    const cases: Array<[string, unknown, string]> = [
      ['/seed/users', { users: [{ ...demo()[0], role: 'god' }] }, 'users.0.role'],
      ['/seed/users', { users: [{ ...demo()[0], email: { $gt: '' } }] }, 'users.0.email'],
      ['/seed/users', { users: [] }, 'users'],
      ['/users/by-ids', { ids: 'all' }, 'ids'],
      ['/users/by-ids', { ids: [{ $gt: 0 }] }, 'ids.0'],
      ['/users/by-email', { email: { $gt: '' } }, 'email'],
      ['/users/by-email', {}, 'email'],
    ];
    for (const [path, body, field] of cases) {
      const res = await internal(t.svc, 'post', path).send(body as object);
      expect([path, res.status, res.body.field]).toEqual([path, 400, field]);
      expect(res.body.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
    }
    expect(await count(t.svc, 'users')).toBe(before);
  });

  it('when the internal token is missing, then 401', async () => {
    expect((await t.svc.http().post('/internal/users/by-ids').send({ ids: [1] })).status).toBe(401);
    expect((await t.svc.http().post('/internal/seed/users').send({ users: demo() })).status).toBe(401);
  });

  it('when a seeded user signs in, then no verification is needed', async () => {
    const users = demo();
    await internal(t.svc, 'post', '/seed/users').send({ users });
    expect(await login(t.svc, users[1].email, 'owner pw')).toEqual(expect.any(String));
    expect(PASSWORD).not.toBe('owner pw');
  });
});
