import { randomUUID } from 'node:crypto';
import { todayIn } from '@turnbook/domain';
import { api, must } from '../src/api';
import { natsToKill } from '../src/event-stream';
import { killOnPurpose, pidOf, stack } from '../src/stack';
import { buildWorld, type World } from '../src/world';

// Check-ins while NATS loses a process: the single server, or on a stack started with --nats-cluster 3 the
// node leading the events stream. Each check-in publishes sheet.checked_in through scheduling's outbox, and
// customers' durable consumer counts the visit: every visit must be counted once, none lost, none twice.

const CHECK_INS = 12;
const KILL_AFTER = 4;

let w: World;
let today: string;

beforeAll(async () => {
  w = await buildWorld();
  today = todayIn('America/New_York');
}, 120_000);

/** A call sent again (same body and key) while the gateway answers with a dropped connection or a 5xx. */
async function answered(method: string, path: string, body: unknown, token: string, key?: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    const res = await api(method, path, body, token, key ? { 'Idempotency-Key': key } : {}).catch(() => ({ status: 0, body: undefined }));
    if ((res.status > 0 && res.status < 500) || Date.now() > until) {
      if (res.status >= 300) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A walk-in signed in at the kiosk and checked in at the front desk: the customer's visit is counted. */
async function checkIn(i: number): Promise<number> {
  const phone = `2675${String(Date.now() % 1_000_000).padStart(6, '0')}`.slice(0, 10);
  const customer = (await answered('POST', 'customer', { storeId: w.storeId, fname: `natskill${i}`, lname: w.tag, phone }, w.tokens.kiosk)).customer;
  const walkIn = {
    storeId: w.storeId, staffId: 8888, customerId: customer.id, serviceIds: `${w.serviceId}`, date: today, start: '11:00 am', end: '11:30 am',
    note: 'Walk in', createdBy: 0, modifiedBy: 0, status: 'PENDING',
  };
  const booked = (await answered('POST', 'appointment', walkIn, w.tokens.kiosk, randomUUID())).appointment;
  const sheet = (await answered('POST', 'sheet', {
    storeId: w.storeId, customer_name: `natskill${i} ${w.tag}`, customer_phone: phone, service_by_customer: 'Matrix manicure', staff_by_customer: '',
    date: today, arrived_time: '11:00 am', appointment_id: booked.id,
  }, w.tokens.kiosk, randomUUID())).sheet;
  await answered('PATCH', `sheet/${sheet.id}`, { staffId: `${w.staffIds.staff}`, staff_fname: 'staff', checked: '11:10 am' }, w.tokens.frontDesk);
  return customer.id;
}

describe('a NATS process killed while the front desk checks people in', () => {
  it('when NATS (a cluster: the events stream\'s leader node) is SIGKILLed between check-ins, then every visit is counted once and NATS is back', async () => {
    const nodes = stack().infra?.natsNodes?.length ?? 1;
    const customers: number[] = [];
    let target = '';
    let killed = 0;
    for (let i = 0; i < CHECK_INS; i += 1) {
      if (i === KILL_AFTER) {
        target = await natsToKill();
        killed = killOnPurpose(target);
      }
      customers.push(await checkIn(i));
    }

    const visits = async () => Promise.all(customers.map(async (id) => (await must('GET', `customer/${id}`, undefined, w.tokens.owner)).customer.visited as number));
    let counted = await visits();
    for (const until = Date.now() + 60_000; counted.some((v) => v !== 1) && Date.now() < until; counted = await visits()) {
      await new Promise((r) => setTimeout(r, 500));
    }
    const lost = counted.filter((v) => v === 0).length;
    const doubled = counted.filter((v) => v > 1).length;
    console.log(`NATS kill during check-ins (${nodes > 1 ? `cluster of ${nodes}, killed ${target}, the stream leader` : 'one server'}): `
      + `${CHECK_INS} checked in (${KILL_AFTER} before the kill), visits counted ${counted.filter((v) => v === 1).length}, lost ${lost}, doubled ${doubled}`);
    expect({ lost, doubled }).toEqual({ lost: 0, doubled: 0 });
    const pid = pidOf(target);
    expect(pid && pid !== killed).toBeTruthy();
  }, 240_000);
});
