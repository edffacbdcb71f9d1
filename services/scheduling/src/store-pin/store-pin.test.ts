import { MESSAGES } from '@turnbook/contracts';
import { startWorld, type World } from '../test/world';

let w: World;
beforeAll(async () => {
  w = await startWorld({ STORE_PIN_PER_ADDRESS: '3', STORE_PIN_PER_STORE: '5' });
}, 60_000);
afterAll(async () => w?.stop());

const kiosk = (storeId: number) => w.svc.keys.kiosk(storeId);
const verify = (token: string, body: object, ip = '10.1.0.1') =>
  w.svc.http().post('/api/verifyStorePIN').set('authorization', `Bearer ${token}`).set('X-Forwarded-For', ip).send(body);

describe('leaving kiosk mode: the store PIN', () => {
  it('when the store has no PIN yet, then the kiosk is told so (409 storePinNotSet)', async () => {
    const store = await w.createStore('owner', { name: `No Pin ${Date.now()}` });
    const res = await verify(kiosk(store.id), { storeId: store.id, PIN: '1234' });
    expect([res.status, res.body.code, res.body.message]).toEqual([409, 'storePinNotSet', MESSAGES.storePinNotSet]);
  });

  it('when the owner sets the PIN in the store settings, then the right PIN passes, a wrong one is 403, and the PIN is never answered', async () => {
    const store = await w.createStore('owner', { name: `Pin Set ${Date.now()}` });
    const saved = await w.as('owner').patch(`/api/store/${store.id}`, { PIN: '4321' });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toMatch(/4321|pinHash/);
    expect((await verify(kiosk(store.id), { storeId: store.id, PIN: '4321' })).body).toEqual({ success: true });
    const wrong = await verify(kiosk(store.id), { storeId: store.id, PIN: '0000' }, '10.1.0.2');
    expect([wrong.status, wrong.body.code, wrong.body.field]).toEqual([403, 'storePinWrong', 'PIN']);
    const bad = await w.as('owner').patch(`/api/store/${store.id}`, { PIN: '12' });
    expect([bad.status, bad.body.field]).toEqual([400, 'PIN']);
  });

  it('when staff other than the owner set the PIN, then it is refused', async () => {
    const res = await w.as('admin').patch(`/api/store/${w.store.id}`, { PIN: '9999' });
    expect(res.status).toBe(403);
  });

  it('when wrong PINs come from one address past the limit, then 429 even for the right PIN; another address still leaves', async () => {
    const store = await w.createStore('owner', { name: `Pin Guess ${Date.now()}` });
    await w.as('owner').patch(`/api/store/${store.id}`, { PIN: '2468' }).expect(200);
    for (let i = 0; i < 3; i++) expect((await verify(kiosk(store.id), { storeId: store.id, PIN: `000${i}` }, '10.2.0.1')).status).toBe(403);
    const locked = await verify(kiosk(store.id), { storeId: store.id, PIN: '2468' }, '10.2.0.1');
    expect([locked.status, locked.body.code, locked.body.retryAfter > 0]).toEqual([429, 'rateLimited', true]);
    expect((await verify(kiosk(store.id), { storeId: store.id, PIN: '2468' }, '10.2.0.2')).status).toBe(200);
  });

  it('when wrong PINs for one store come from many addresses, then the per-store ceiling stops them', async () => {
    const store = await w.createStore('owner', { name: `Pin Spread ${Date.now()}` });
    await w.as('owner').patch(`/api/store/${store.id}`, { PIN: '1357' }).expect(200);
    for (let i = 0; i < 5; i++) expect((await verify(kiosk(store.id), { storeId: store.id, PIN: '0000' }, `10.3.0.${i}`)).status).toBe(403);
    expect((await verify(kiosk(store.id), { storeId: store.id, PIN: '1357' }, '10.3.0.99')).status).toBe(429);
  });

  it("when another store's kiosk or an outsider asks, then it is refused before the PIN is checked", async () => {
    expect((await verify(kiosk(w.otherStore.id), { storeId: w.store.id, PIN: '1234' })).status).toBe(403);
    expect((await w.as('customer').post('/api/verifyStorePIN', { storeId: w.store.id, PIN: '1234' })).status).toBe(403);
    expect((await w.as(null).post('/api/verifyStorePIN', { storeId: w.store.id, PIN: '1234' })).status).toBe(401);
  });
});
