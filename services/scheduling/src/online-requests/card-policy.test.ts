import supertest from 'supertest';
import { MESSAGES } from '@turnbook/contracts';
import type { BuiltService } from '@turnbook/service-kit';
import { eventually } from '@turnbook/test-kit';
import { nextMonday } from '../test/days';
import { startWorldWithGel, type World } from '../test/world';

// A store whose card policy asks every online request for a card (billing.card_policy_changed) refuses one
// without, whatever the client sends (docs/product/deposits.md).

let w: World;
/** Another instance on the same database: it answers from its own copy of the store's configuration. */
let second: BuiltService;
let gel: number;
let visitor: { userId: number; phone: string };
/** A Monday (the test store is open Monday and Tuesday, 10 am to 6 pm) inside the online window. */
let date: string;

beforeAll(async () => {
  ({ w, gel } = await startWorldWithGel());
  second = await w.anotherInstance();
  visitor = w.guest(w.store.id, [501, 502, 503, ...[511, 512, 513, 514, 515, 516]]);
  date = nextMonday();
}, 60_000);
afterAll(async () => {
  await second?.stop();
  await w?.stop();
});

const bookingBody = (customerId: number, start: string, end: string, over: object = {}) => ({
  storeId: w.store.id, staffId: w.staffIds.staff, customerId, serviceIds: `${gel}`, date, start, end, note: '', createdBy: 0, modifiedBy: 0, userId: visitor.userId, ...over,
});
const request = (customerId: number, start: string, end: string, over: object = {}) =>
  w.svc.http().post('/api/public_bookAppointmentOnline').send(bookingBody(customerId, start, end, over));
const requestOnSecond = (customerId: number, start: string, end: string) =>
  supertest(second.app).post('/api/public_bookAppointmentOnline').send(bookingBody(customerId, start, end));
const stampOf = async () => (await w.svc.db.collection('store_config_stamps').findOne({ _id: w.store.id } as never))?.v;
const copiedPolicy = async () => (await w.svc.db.collection('card_policy_copies').findOne({ _id: w.store.id } as never))?.policy;

/**
 * Billing announces the policy (`occurredAt` to send one as if from the past); scheduling has applied it once
 * its consumer has written the copy and then moved the store's config stamp.
 */
async function policyIs(policy: 'groups' | 'all', occurredAt?: string) {
  const before = await stampOf();
  const e = w.svc.bus.event('billing.card_policy_changed', w.store.id, { storeId: w.store.id, policy, noShowFee: 2500 });
  await w.svc.bus.publishDurably(occurredAt ? { ...e, occurredAt } : e);
  await eventually(async () => expect(await stampOf()).not.toBe(before));
}
const onDate = async () => w.svc.db.collection('appointments').countDocuments({ storeId: w.store.id, date } as never);

describe('the card policy of online requests', () => {
  it('when the store asks every online request for a card, then one without is refused (400 cardRequired naming cardOnFile) and nothing is written; one with a card is accepted', async () => {
    await policyIs('all');
    expect(await copiedPolicy()).toBe('all');
    const before = await onDate();
    const refused = await request(501, '10:00 am', '10:45 am').expect(400);
    expect(refused.body).toMatchObject({ code: 'cardRequired', field: 'cardOnFile', message: MESSAGES.cardRequired });
    expect(await onDate()).toBe(before);

    const held = await request(502, '11:00 am', '11:45 am', { cardOnFile: 'seti_held' }).expect(201);
    expect(held.body.appointment).toMatchObject({ status: 'PENDING' });
  });

  it('when the store asks only groups for a card, then a single request without one is accepted', async () => {
    await policyIs('groups');
    expect(await copiedPolicy()).toBe('groups');
    const res = await request(503, '01:00 pm', '01:45 pm');
    expect([res.status, res.body.appointment?.status]).toEqual([201, 'PENDING']);
  });

  it('when the card policy changes, then the next online request follows it, on every instance', async () => {
    // both instances answer from their config copies, made under the groups policy
    expect((await request(511, '02:00 pm', '02:45 pm')).status).toBe(201);
    expect((await requestOnSecond(512, '03:00 pm', '03:45 pm')).status).toBe(201);
    await policyIs('all');
    expect((await request(513, '04:00 pm', '04:45 pm').expect(400)).body.code).toBe('cardRequired');
    expect((await requestOnSecond(514, '04:00 pm', '04:45 pm').expect(400)).body.code).toBe('cardRequired');
    await policyIs('groups');
    expect((await request(515, '04:00 pm', '04:45 pm')).status).toBe(201);
    expect((await requestOnSecond(516, '05:00 pm', '05:45 pm')).status).toBe(201);
  });

  it('when an announcement older than the kept one arrives (a replay, a late redelivery), then the copy keeps the later policy', async () => {
    await policyIs('all', '2020-01-06T10:00:00.000Z');
    expect(await copiedPolicy()).toBe('groups');
  });
});
