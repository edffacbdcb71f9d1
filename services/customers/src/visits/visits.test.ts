import { eventually } from '@turnbook/test-kit';
import { startCustomers, type Harness } from '../test/world';

let h: Harness;
beforeAll(async () => {
  h = await startCustomers();
});
afterAll(async () => h?.stop());

let nextSheet = 7000 + Math.floor(Math.random() * 1000) * 10;
const checkedIn = (over: { customerId?: number | null; customerPhone?: string; id?: number; storeId?: number }) => {
  const id = over.id ?? ++nextSheet;
  const storeId = over.storeId ?? h.S1;
  return h.bus.event('sheet.checked_in', storeId, { id, storeId, date: '2031-07-01', appointmentId: null, customerId: over.customerId ?? null, customerPhone: over.customerPhone ?? '', staffIds: [10004] });
};
const visitedOf = async (id: number) => (await h.repo.findById(id))?.visited;

describe('visits counted from check-ins', () => {
  it('when a sheet of a customer is checked in, then their visits go up by one and customer.updated carries it', async () => {
    const c = await h.create({ fname: 'vera', lname: 'visit', phone: '2155550301' });
    await h.bus.publishDurably(checkedIn({ customerId: c.id }));
    await eventually(async () => expect(await visitedOf(c.id)).toBe(1));
    await eventually(() => expect(h.eventsOf('customer.updated').some((e) => (e.data as { customerId: number; visited: number }).customerId === c.id && (e.data as { visited: number }).visited === 1)).toBe(true));
  });

  it('when the same check-in comes twice (a redelivery, or a new event of the same sheet), then the visit counts once', async () => {
    const c = await h.create({ fname: 'once', lname: 'only', phone: '2155550302' });
    const event = checkedIn({ customerId: c.id });
    await h.bus.publishDurably(event);
    await h.bus.publishDurably(checkedIn({ customerId: c.id, id: (event.data as { id: number }).id }));
    const other = checkedIn({ customerId: c.id });
    await h.bus.publishDurably(other);
    await eventually(async () => expect(await visitedOf(c.id)).toBe(2));
    await new Promise((r) => setTimeout(r, 500));
    expect(await visitedOf(c.id)).toBe(2);
  });

  it('when the sheet has no appointment, then the customer with its phone gets the visit; an unknown phone counts nothing', async () => {
    const c = await h.create({ fname: 'phone', lname: 'only', phone: '2155550303' });
    await h.bus.publishDurably(checkedIn({ customerPhone: '2155550303' }));
    await h.bus.publishDurably(checkedIn({ customerPhone: '2155550399' }));
    await eventually(async () => expect(await visitedOf(c.id)).toBe(1));
  });

  it("when the event names another store's customer, then nothing is counted", async () => {
    const c = await h.create({ fname: 'else', lname: 'where', phone: '2155550304' }, h.S2);
    await h.bus.publishDurably(checkedIn({ customerId: c.id, storeId: h.S1 }));
    const marker = await h.create({ fname: 'mark', lname: 'er', phone: '2155550305' });
    await h.bus.publishDurably(checkedIn({ customerId: marker.id }));
    await eventually(async () => expect(await visitedOf(marker.id)).toBe(1));
    expect(await visitedOf(c.id)).toBe(0);
  });
});
