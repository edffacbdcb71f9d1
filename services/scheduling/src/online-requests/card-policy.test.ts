import { MESSAGES } from '@turnbook/contracts';
import { eventually } from '@turnbook/test-kit';
import { nextMonday } from '../test/days';
import { startWorldWithGel, type World } from '../test/world';

// A store whose card policy asks every online request for a card (billing.card_policy_changed) refuses one
// without, whatever the client sends (docs/product/deposits.md).

let w: World;
let gel: number;
let visitor: { userId: number; phone: string };
/** A Monday (the test store is open Monday and Tuesday, 10 am to 6 pm) inside the online window. */
let date: string;

beforeAll(async () => {
  ({ w, gel } = await startWorldWithGel());
  visitor = w.guest(w.store.id, [501, 502, 503]);
  date = nextMonday();
}, 60_000);
afterAll(async () => w?.stop());

const request = (customerId: number, start: string, end: string, over: object = {}) =>
  w.svc.http().post('/api/public_bookAppointmentOnline').send({
    storeId: w.store.id, staffId: w.staffIds.staff, customerId, serviceIds: `${gel}`, date, start, end, note: '', createdBy: 0, modifiedBy: 0, userId: visitor.userId, ...over,
  });
/** Billing announces the policy; scheduling's copy has it once its consumer ran. */
async function policyIs(policy: 'groups' | 'all') {
  await w.svc.bus.publishDurably(w.svc.bus.event('billing.card_policy_changed', w.store.id, { storeId: w.store.id, policy, noShowFee: 2500 }));
  await eventually(async () => expect((await w.svc.db.collection('card_policy_copies').findOne({ _id: w.store.id } as never))?.policy).toBe(policy));
}
const onDate = async () => w.svc.db.collection('appointments').countDocuments({ storeId: w.store.id, date } as never);

describe('the card policy of online requests', () => {
  it('when the store asks every online request for a card, then one without is refused (400 cardRequired naming cardOnFile) and nothing is written; one with a card is accepted', async () => {
    await policyIs('all');
    const before = await onDate();
    const refused = await request(501, '10:00 am', '10:45 am').expect(400);
    expect(refused.body).toMatchObject({ code: 'cardRequired', field: 'cardOnFile', message: MESSAGES.cardRequired });
    expect(await onDate()).toBe(before);

    const held = await request(502, '11:00 am', '11:45 am', { cardOnFile: 'seti_held' }).expect(201);
    expect(held.body.appointment).toMatchObject({ status: 'PENDING' });
  });

  it('when the store asks only groups for a card, then a single request without one is accepted', async () => {
    await policyIs('groups');
    const res = await request(503, '01:00 pm', '01:45 pm');
    expect([res.status, res.body.appointment?.status]).toEqual([201, 'PENDING']);
  });
});
