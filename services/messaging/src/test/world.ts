import { randomInt } from 'node:crypto';
import { DateTime } from 'luxon';
import type { EventData, EventName } from '@turnbook/contracts';
import { eventually, startTestService } from '@turnbook/test-kit';

export type TestService = Awaited<ReturnType<typeof startTestService>>;

/**
 * A store as messaging hears of it (events of scheduling and customers), its members, and callers of each
 * role. Ids come from a random range: test files share one NATS, and read models hear every file's events.
 */
export async function textWorld(svc: TestService, opts: { timezone?: string } = {}) {
  const base = 2_000_000 + randomInt(7_000_000) * 10;
  const storeId = base;
  const ids = { owner: base + 1, admin: base + 2, superadmin: base + 3, staff: base + 4, limited: base + 5, other: base + 6 };
  await svc.memberships.apply({
    storeId, ownerId: ids.owner, permalink: `s${storeId}`, status: 'ON',
    members: [
      { userId: ids.admin, staffId: base + 11, role: 'admin', archived: false },
      { userId: ids.superadmin, staffId: base + 12, role: 'superadmin', archived: false },
      { userId: ids.staff, staffId: base + 13, role: 'staff', archived: false },
      { userId: ids.limited, staffId: base + 14, role: 'limited', archived: false },
    ],
  });
  const tokens: Record<string, string | null> = {
    owner: svc.keys.user(ids.owner),
    admin: svc.keys.user(ids.admin),
    superadmin: svc.keys.user(ids.superadmin),
    staff: svc.keys.user(ids.staff),
    limited: svc.keys.user(ids.limited),
    other: svc.keys.user(ids.other),
    store: svc.keys.store(storeId),
    kiosk: svc.keys.kiosk(storeId),
    customer: svc.keys.user(base + 7, 'customer', '2155550177'),
    none: null,
  };
  const as = (role: string) => {
    const token = tokens[role];
    const auth = <R extends { set(k: string, v: string): R }>(r: R) => (token ? r.set('authorization', `Bearer ${token}`) : r);
    return {
      get: (url: string) => auth(svc.http().get(url)),
      post: (url: string, body: object = {}) => auth(svc.http().post(url)).send(body),
      put: (url: string, body: object = {}) => auth(svc.http().put(url)).send(body),
    };
  };
  const timezone = opts.timezone ?? 'America/New_York';
  const publish = <N extends EventName>(name: N, data: EventData<N>, store: number = storeId) => svc.bus.publishDurably(svc.bus.event(name, store, data));

  await publish('store.updated', {
    storeId, ownerId: ids.owner, name: 'Bella Nails', email: 'bella@example.com', phone: '2155550100', permalink: `s${storeId}`, status: 'ON',
    // A non-empty map: the outbox keeps no empty objects.
    timezone, hours: { mon: '9:00 am-7:00 pm' }, settings: { turnsBlock: false, cancelAndText: false, autoTextOnApprove: false },
  });
  let next = 0;
  const customer = async (phone: string | null, name = 'Ann Lee') => {
    const customerId = base + 100 + next++;
    const [fname, lname] = name.split(' ');
    await publish('customer.created', {
      customerId, storeId, fname, lname, phone, email: null, status: 'ON', fav_staffId: null, book_with_fav_staff: 0, visited: 0, color: null,
      updated_at: new Date().toISOString(),
    });
    return customerId;
  };
  const tomorrow = DateTime.now().setZone(timezone).plus({ days: 1 }).toISODate()!;
  const appointment = async (customerId: number, over: Partial<EventData<'appointment.created'>> = {}) => {
    const id = base + 1000 + next++;
    await publish('appointment.created', {
      id, storeId, staffId: base + 13, customerId, date: tomorrow, start: '10:00 am', end: '11:00 am', status: 'ON', dayOff: false, ...over,
    });
    return id;
  };
  /** Waits until messaging's read models have what was published. */
  const heard = (appointments: number[], customers: number[] = [], timeoutMs = 20_000) =>
    eventually(async () => {
      const [a, c, s] = await Promise.all([
        svc.db.collection('text_appointments').countDocuments({ _id: { $in: appointments } } as never),
        svc.db.collection('text_customers').countDocuments({ _id: { $in: customers } } as never),
        svc.db.collection('text_stores').countDocuments({ _id: storeId } as never),
      ]);
      if (a !== appointments.length || c !== customers.length || s !== 1) throw new Error('not heard yet');
    }, timeoutMs);
  const texts = async (to?: string) => (await svc.http().get(`/dev/texts?format=json${to ? `&to=${to}` : ''}`)).body.texts as Array<{ to: string; body: string; purpose: string }>;
  return { storeId, ids, as, publish, customer, appointment, heard, tomorrow, texts, base };
}
