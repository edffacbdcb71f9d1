import { captureEvents, internal, signedInUser, startIdentity, type Identity } from '../test/world';

describe('app version settings', () => {
  let svc: Identity;
  let events: Awaited<ReturnType<typeof captureEvents>>;
  beforeAll(async () => {
    svc = await startIdentity();
    events = await captureEvents(svc, 'evt.settings.>');
  }, 30_000);
  afterAll(async () => {
    events?.stop();
    await svc?.stop();
  });

  it('follows one version through its life: defaults, a new version, a user and a store acknowledging it', async () => {
    const admin = await signedInUser(svc, { role: 'super admin' });
    const staff = await signedInUser(svc);

    // Never set: the defaults, and a user who joined then has nothing new to see.
    const initial = await svc.http().get('/api/getSettings').set('Authorization', staff.auth);
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ app_version: '1.0.0', body: expect.any(String) });
    expect((await svc.http().get(`/api/getSetting/staff/${staff.user.id}`).set('Authorization', staff.auth)).body).toEqual({ message: 'No update' });

    // A store created now starts on the current version too.
    await internal(svc, 'put', '/store-accounts/31').send({ ownerId: staff.user.id, permalink: 'shop', username: 'shop31', password: 'desk pass 9x' });
    await svc.memberships.apply({ storeId: 31, ownerId: staff.user.id, permalink: 'shop', status: 'ON', members: [] });
    const store = await svc.http().post('/api/storeLogin').send({ username: 'shop31', password: 'desk pass 9x' });
    const storeAuth = `Bearer ${store.body.access_token}`;
    expect((await svc.http().get('/api/getSetting/store/31').set('Authorization', storeAuth)).body).toEqual({ message: 'No update' });

    // The super admin publishes 2.0.0: saved, announced on the global version channel.
    const update = await svc.http().post('/api/updateVersion').set('Authorization', admin.auth).send({ app_version: '2.0.0', body: 'Turns are here' });
    expect(update.status).toBe(200);
    expect(update.body).toEqual({ app_version: '2.0.0', body: 'Turns are here' });
    const evt = await events.next('settings.version_updated', (d) => d.app_version === '2.0.0');
    expect(evt.subject).toBe('evt.settings.global.version_updated');
    expect(evt.data).toEqual({ app_version: '2.0.0', body: 'Turns are here' });
    expect((await svc.http().get('/api/getSettings').set('Authorization', staff.auth)).body).toEqual({ app_version: '2.0.0', body: 'Turns are here' });

    // The staff member has not seen it yet, then acknowledges it.
    const notice = await svc.http().get(`/api/getSetting/staff/${staff.user.id}`).set('Authorization', staff.auth);
    expect(notice.body).toEqual({ app_version: '2.0.0', body: 'Turns are here' });
    const ack = await svc.http().post(`/api/updateSetting/staff/${staff.user.id}`).set('Authorization', staff.auth).send({ app_version: '2.0.0' });
    expect(ack.status).toBe(200);
    expect(ack.body).toEqual({ success: true });
    expect((await svc.http().get(`/api/getSetting/staff/${staff.user.id}`).set('Authorization', staff.auth)).body).toEqual({ message: 'No update' });
    expect((await svc.http().get(`/api/user/${staff.user.id}`).set('Authorization', staff.auth)).body.user.app_version).toBe('2.0.0');

    // The store login sees it and acknowledges it for the store.
    expect((await svc.http().get('/api/getSetting/store/31').set('Authorization', storeAuth)).body).toEqual({ app_version: '2.0.0', body: 'Turns are here' });
    const storeAck = await svc.http().post('/api/updateSetting/store/31').set('Authorization', storeAuth).send({ app_version: '2.0.0' });
    expect(storeAck.body).toEqual({ success: true });
    const storeEvt = await events.next('settings.store_updated', (d) => d.storeId === 31);
    expect(storeEvt.subject).toBe('evt.settings.31.store_updated');
    expect((await svc.http().get('/api/getSetting/store/31').set('Authorization', storeAuth)).body).toEqual({ message: 'No update' });
  });

  it('when someone other than the super admin updates the version, then 403 and nothing changes', async () => {
    const pro = await signedInUser(svc);
    const before = (await svc.http().get('/api/getSettings').set('Authorization', pro.auth)).body;
    const res = await svc.http().post('/api/updateVersion').set('Authorization', pro.auth).send({ app_version: '9.9.9', body: 'hacked' });
    expect(res.status).toBe(403);
    expect((await svc.http().post('/api/updateVersion').send({ app_version: '9.9.9', body: 'hacked' })).status).toBe(401);
    expect((await svc.http().get('/api/getSettings').set('Authorization', pro.auth)).body).toEqual(before);
  });

  it('when nobody is signed in, then getSettings is 401', async () => {
    expect((await svc.http().get('/api/getSettings')).status).toBe(401);
  });

  it("when a user reads or acknowledges another user's setting, then 403", async () => {
    const a = await signedInUser(svc);
    const b = await signedInUser(svc);
    expect((await svc.http().get(`/api/getSetting/staff/${b.user.id}`).set('Authorization', a.auth)).status).toBe(403);
    expect((await svc.http().post(`/api/updateSetting/staff/${b.user.id}`).set('Authorization', a.auth).send({ app_version: 'x' })).status).toBe(403);
  });

  it("when someone outside a store reads or acknowledges the store's setting, then 403 (unknown store: 404)", async () => {
    const owner = await signedInUser(svc);
    const stranger = await signedInUser(svc);
    await svc.memberships.apply({ storeId: 32, ownerId: owner.user.id, permalink: 'p', status: 'ON', members: [] });
    expect((await svc.http().get('/api/getSetting/store/32').set('Authorization', owner.auth)).status).toBe(200);
    expect((await svc.http().get('/api/getSetting/store/32').set('Authorization', stranger.auth)).status).toBe(403);
    expect((await svc.http().post('/api/updateSetting/store/32').set('Authorization', stranger.auth).send({ app_version: '1' })).status).toBe(403);
    expect((await svc.http().get('/api/getSetting/store/33').set('Authorization', owner.auth)).status).toBe(404);
  });
});
