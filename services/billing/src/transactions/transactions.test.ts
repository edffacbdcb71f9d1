import { DateTime } from 'luxon';
import { eventually } from '@turnbook/test-kit';
import { startBilling, type Harness } from '../test/world';

let h: Harness;
const DAY = '2031-06-02';
const ZONE = 'America/Chicago';
const dayStart = DateTime.fromISO(DAY, { zone: ZONE }).toMillis();

const appointment = (id: number, over: Partial<{ staffId: number; date: string; end: string; status: string; sale: number; dayOff: boolean }> = {}) => ({
  id, storeId: h.S1, staffId: over.staffId ?? 60001, customerId: 7, date: over.date ?? DAY, start: '10:00 am', end: over.end ?? '11:15 am',
  status: over.status ?? 'ON', dayOff: over.dayOff ?? false, sale: over.sale ?? 0,
});

beforeAll(async () => {
  h = await startBilling();
  await h.storeUpdated(h.S1, 'Nail Palace', ZONE);
  await h.staffUpdated(h.S1, 60001, { fname: 'anna', nickname: 'Annie' });
  await h.staffUpdated(h.S1, 60002, { fname: 'bea', nickname: 'Bee' });
  // checked out: 1 and 2 that day (as they ended), 3 the next day; 4 booked but not checked out; 5 checked out then cancelled
  await h.publish('appointment.created', h.S1, appointment(1));
  await at(`${DAY}T11:15`, 'appointment.updated', appointment(1, { sale: 4550 }));
  await at(`${DAY}T14:30`, 'appointment.updated', appointment(2, { staffId: 60002, end: '02:30 pm', sale: 3000 }));
  await at('2031-06-03T12:00', 'appointment.updated', appointment(3, { date: '2031-06-03', sale: 2000 }));
  await h.publish('appointment.created', h.S1, appointment(4));
  await at(`${DAY}T16:00`, 'appointment.updated', appointment(5, { sale: 1000 }));
  await at(`${DAY}T16:05`, 'appointment.updated', appointment(5, { sale: 1000, status: 'CANCEL' }));
});
/** An appointment event as scheduling publishes it at that wall time of the store's day. */
const at = (wall: string, name: 'appointment.updated', data: ReturnType<typeof appointment>) =>
  h.bus.publishDurably({ ...h.bus.event(name, h.S1, data), occurredAt: DateTime.fromISO(wall, { zone: ZONE }).toUTC().toISO()! });
afterAll(async () => h?.stop());

const transactionsOf = (who: Parameters<Harness['auth']>[0], storeId = h.S1, start = dayStart) =>
  h.http().get(`/api/getMerchantTransactions/${start}`).query({ storeId }).set(h.auth(who));

describe('GET getMerchantTransactions/{dayStartMillis}: the demo terminal', () => {
  it("when the owner asks for a day, then that day's card payments of the store's checked-out appointments come in the terminal's shape, with their employees", async () => {
    await eventually(async () => {
      const res = await transactionsOf('owner');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        employees: { elements: expect.arrayContaining([{ id: '60001', name: 'anna', nickname: 'Annie' }, { id: '60002', name: 'bea', nickname: 'Bee' }]) },
        transactions: {
          elements: [
            { id: 'demo_1', amount: 4550, clientCreatedTime: DateTime.fromISO(`${DAY}T11:15`, { zone: ZONE }).toMillis(), employee: { id: '60001' } },
            { id: 'demo_2', amount: 3000, clientCreatedTime: DateTime.fromISO(`${DAY}T14:30`, { zone: ZONE }).toMillis(), employee: { id: '60002' } },
          ],
        },
      });
      expect(res.body.employees.elements).toHaveLength(2);
    });
  });

  it('when a check-out is made at 3:24 am for an appointment ending at 6:00 pm, then the payment shows at 3:24 am, and a later note edit does not move it', async () => {
    const day = '2031-06-05';
    await at(`${day}T03:24`, 'appointment.updated', appointment(6, { date: day, end: '06:00 pm', sale: 4600 }));
    await at(`${day}T09:00`, 'appointment.updated', appointment(6, { date: day, end: '06:00 pm', sale: 4600 }));
    const start = DateTime.fromISO(day, { zone: ZONE }).toMillis();
    await eventually(async () => {
      const res = await transactionsOf('owner', h.S1, start);
      expect(res.body.transactions.elements).toEqual([{ id: 'demo_6', amount: 4600, clientCreatedTime: DateTime.fromISO(`${day}T03:24`, { zone: ZONE }).toMillis(), employee: { id: '60001' } }]);
    });
  });

  it("when an appointment of tomorrow is checked out today, then the payment is on today's list", async () => {
    await at('2031-06-07T10:00', 'appointment.updated', appointment(7, { date: '2031-06-08', sale: 1500 }));
    await eventually(async () => {
      const ids = async (d: string) => (await transactionsOf('owner', h.S1, DateTime.fromISO(d, { zone: ZONE }).toMillis())).body.transactions.elements.map((t: { id: string }) => t.id);
      expect(await ids('2031-06-07')).toEqual(['demo_7']);
      expect(await ids('2031-06-08')).toEqual([]);
    });
  });

  it('when a check-out was kept before its payment time was, then it shows at its appointment\'s end, as before', async () => {
    await h.db.collection('checkouts').insertOne({ _id: 8, storeId: h.S1, staffId: 60001, date: '2031-06-09', end: '01:45 pm', status: 'ON', sale: 900, at: '2031-06-09T19:00:00.000Z', seq: 0 } as never);
    const res = await transactionsOf('owner', h.S1, DateTime.fromISO('2031-06-09', { zone: ZONE }).toMillis());
    expect(res.body.transactions.elements).toEqual([{ id: 'demo_8', amount: 900, clientCreatedTime: DateTime.fromISO('2031-06-09T13:45', { zone: ZONE }).toMillis(), employee: { id: '60001' } }]);
  });

  it('when the next day is asked for, then only its payment comes', async () => {
    const res = await transactionsOf('owner', h.S1, DateTime.fromISO('2031-06-03', { zone: ZONE }).toMillis());
    expect(res.body.transactions.elements.map((t: { id: string }) => t.id)).toEqual(['demo_3']);
  });

  it("when the store's superadmin asks, then it reads them too; an admin, plain staff, the front desk, another store's owner do not", async () => {
    expect((await transactionsOf('superadmin')).status).toBe(200);
    for (const who of ['admin', 'limited', 'staff', 'frontDesk', 'otherStore', 'customer', 'kiosk'] as const) {
      const res = await transactionsOf(who);
      expect([who, [403, 404].includes(res.status)]).toEqual([who, true]);
    }
  });

  it('when dayStartMillis is not a number, or no store is named, then 400 naming it', async () => {
    const bad = await h.http().get('/api/getMerchantTransactions/yesterday').query({ storeId: h.S1 }).set(h.auth('owner'));
    expect([bad.status, bad.body.field]).toEqual([400, 'dayStartMillis']);
    const noStore = await h.http().get(`/api/getMerchantTransactions/${dayStart}`).set(h.auth('owner'));
    expect([noStore.status, noStore.body.field]).toEqual([400, 'storeId']);
  });
});
