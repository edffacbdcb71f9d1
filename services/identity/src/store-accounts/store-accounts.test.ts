import { count, internal, PASSWORD, signedInUser, startIdentity, type Identity } from '../test/world';

describe('store sign-in accounts', () => {
  let svc: Identity;
  let nextStore = 100;
  beforeAll(async () => {
    svc = await startIdentity();
  }, 30_000);
  afterAll(async () => svc?.stop());

  /** A store owned by a fresh user: its account in identity and its membership snapshot (from scheduling's event). */
  async function ownedStore() {
    const owner = await signedInUser(svc);
    const storeId = ++nextStore;
    const username = `desk${storeId}`;
    const res = await internal(svc, 'put', `/store-accounts/${storeId}`).send({ ownerId: owner.user.id, permalink: `nails-${storeId}`, username, password: 'store pw 2026' });
    expect(res.status).toBe(201);
    await svc.memberships.apply({ storeId, ownerId: owner.user.id, permalink: `nails-${storeId}`, status: 'ON', members: [] });
    return { owner, storeId, username };
  }
  const storeLogin = (username: string, password: string) => svc.http().post('/api/storeLogin').send({ username, password });

  describe('internal calls from scheduling', () => {
    it('when scheduling creates an account, then it answers 201 with the account and the store can sign in', async () => {
      const res = await internal(svc, 'put', '/store-accounts/9').send({ ownerId: 3, permalink: 'glow', username: '  Glow.Desk ', password: 'desk pass 9x' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ storeId: 9, ownerId: 3, permalink: 'glow', username: 'glow.desk' });
      const stored = await svc.db.collection('store_accounts').findOne({ _id: 9 } as never);
      expect(stored!.passwordHash).toMatch(/^\$argon2id\$/);
      expect((await storeLogin('glow.desk', 'desk pass 9x')).status).toBe(200);
    });

    it('when scheduling changes the account without a password, then the password stays; with one, it changes', async () => {
      const { storeId, owner } = await ownedStore();
      const res = await internal(svc, 'put', `/store-accounts/${storeId}`).send({ ownerId: owner.user.id, permalink: 'renamed', username: `new${storeId}` });
      expect(res.status).toBe(200);
      const login = await storeLogin(`new${storeId}`, 'store pw 2026');
      expect(login.body.store).toMatchObject({ id: storeId, permalink: 'renamed' });
      await internal(svc, 'put', `/store-accounts/${storeId}`).send({ ownerId: owner.user.id, permalink: 'renamed', username: `new${storeId}`, password: 'store pw 2027' });
      expect((await storeLogin(`new${storeId}`, 'store pw 2027')).status).toBe(200);
    });

    it('when a username belongs to another store, then 409 naming username, on create and on update', async () => {
      const a = await ownedStore();
      const b = await ownedStore();
      const create = await internal(svc, 'put', '/store-accounts/999').send({ ownerId: 1, permalink: 'x', username: a.username, password: 'desk pass 9x' });
      expect(create.status).toBe(409);
      expect(create.body).toMatchObject({ field: 'username', message: 'This username is already taken' });
      expect(await count(svc, 'store_accounts', { _id: 999 })).toBe(0);
      const update = await internal(svc, 'put', `/store-accounts/${b.storeId}`).send({ ownerId: 1, permalink: 'x', username: a.username });
      expect(update.status).toBe(409);
      expect(update.body.field).toBe('username');
      expect((await storeLogin(b.username, 'store pw 2026')).status).toBe(200);
    });

    it('when a new account has no password or the body is bad, then 400 naming the field and nothing is written', async () => {
      const before = await count(svc, 'store_accounts');
      const noPw = await internal(svc, 'put', '/store-accounts/555').send({ ownerId: 1, permalink: 'p', username: 'nopw' });
      expect(noPw.status).toBe(400);
      expect(noPw.body.field).toBe('password');
      const bad = await internal(svc, 'put', '/store-accounts/555').send({ ownerId: 'one', permalink: 'p', username: 'x', password: 'p' });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe('ownerId');
      const inj = await internal(svc, 'put', '/store-accounts/555').send({ ownerId: 1, permalink: 'p', username: { $gt: '' }, password: 'p' });
      expect(inj.status).toBe(400);
      expect(inj.body.field).toBe('username');
      const badId = await internal(svc, 'put', '/store-accounts/abc').send({ ownerId: 1, permalink: 'p', username: 'x', password: 'p' });
      expect(badId.status).toBe(400);
      expect(badId.body.field).toBe('storeId');
      expect(await count(svc, 'store_accounts')).toBe(before);
    });

    it('when scheduling removes a store, then its account can no longer sign in', async () => {
      const { storeId, username } = await ownedStore();
      const res = await internal(svc, 'delete', `/store-accounts/${storeId}`);
      expect(res.status).toBe(200);
      expect((await storeLogin(username, 'store pw 2026')).status).toBe(401);
    });

    it('when the internal token is missing or wrong, then 401', async () => {
      expect((await svc.http().put('/internal/store-accounts/1').send({ ownerId: 1, permalink: 'p', username: 'x', password: 'p' })).status).toBe(401);
      expect((await svc.http().delete('/internal/store-accounts/1').set('x-internal-token', 'wrong-token-wrong-token')).status).toBe(401);
    });
  });

  describe('storeResetPassword', () => {
    const reset = (auth: string | undefined, body: Record<string, unknown>) => {
      const req = svc.http().post('/api/storeResetPassword');
      return (auth ? req.set('Authorization', auth) : req).send(body);
    };

    it("when the owner confirms with their password, then the store's new password works and the old one not", async () => {
      const { owner, storeId, username } = await ownedStore();
      const res = await reset(owner.auth, { userId: owner.user.id, userPassword: PASSWORD, storeId, newPassword: 'fresh store pw' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect((await storeLogin(username, 'fresh store pw')).status).toBe(200);
      expect((await storeLogin(username, 'store pw 2026')).status).toBe(401);
    });

    it("when the owner's password is wrong, then 400 {success:false} and the store password stays", async () => {
      const { owner, storeId, username } = await ownedStore();
      const res = await reset(owner.auth, { userId: owner.user.id, userPassword: 'wrong', storeId, newPassword: 'fresh store pw 2' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, field: 'userPassword' });
      expect((await storeLogin(username, 'store pw 2026')).status).toBe(200);
    });

    it('when someone who is not the owner tries, then 403 (even naming the owner as userId)', async () => {
      const { owner, storeId, username } = await ownedStore();
      const stranger = await signedInUser(svc);
      expect((await reset(stranger.auth, { userId: stranger.user.id, userPassword: PASSWORD, storeId, newPassword: 'fresh store pw 2' })).status).toBe(403);
      expect((await reset(stranger.auth, { userId: owner.user.id, userPassword: PASSWORD, storeId, newPassword: 'fresh store pw 2' })).status).toBe(403);
      expect((await storeLogin(username, 'store pw 2026')).status).toBe(200);
    });

    it('when the memberships read model still names an old owner, then the store account decides (403)', async () => {
      const { owner, storeId } = await ownedStore();
      const newOwner = await signedInUser(svc);
      await internal(svc, 'put', `/store-accounts/${storeId}`).send({ ownerId: newOwner.user.id, permalink: 'p', username: `moved${storeId}` });
      expect((await reset(owner.auth, { userId: owner.user.id, userPassword: PASSWORD, storeId, newPassword: 'fresh store pw 2' })).status).toBe(403);
    });

    it('when the store token itself or nobody calls, then 403 / 401', async () => {
      const { owner, storeId, username } = await ownedStore();
      const { body } = await storeLogin(username, 'store pw 2026');
      expect((await reset(`Bearer ${body.access_token}`, { userId: owner.user.id, userPassword: PASSWORD, storeId, newPassword: 'fresh store pw 2' })).status).toBe(403);
      expect((await reset(undefined, { userId: owner.user.id, userPassword: PASSWORD, storeId, newPassword: 'fresh store pw 2' })).status).toBe(401);
    });

    it('when the store is unknown, then 404', async () => {
      const { owner } = await ownedStore();
      expect((await reset(owner.auth, { userId: owner.user.id, userPassword: PASSWORD, storeId: 424242, newPassword: 'x' })).status).toBe(404);
    });
  });
});
